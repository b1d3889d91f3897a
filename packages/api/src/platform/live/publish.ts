import { resultRows, type Queryable } from '@app/db';
import { liveEvents } from '@app/db/schema';
import { sql } from 'drizzle-orm';
import superjson from 'superjson';
import type { AnyEvent, Topic } from './topic.ts';

/** The NOTIFY channel that announces committed live events; the payload is the event id. */
export const LIVE_CHANNEL = 'live_events';

/**
 * Records a live event in the caller's transaction and announces it: Postgres delivers the NOTIFY
 * only when (and if) that transaction commits, so listeners never hear of a change that rolled back.
 * Only an event the topic declares is accepted; it is stored with superjson, so dates come back as dates.
 */
export async function publish<E extends AnyEvent>(tx: Queryable, topic: Topic<E>, event: E): Promise<number> {
  // One statement (one round trip, inside the caller's transaction) records and announces it.
  const result = await tx.execute(sql`
    with added as (
      insert into ${liveEvents} (topic, type, payload)
      values (${topic}, ${event.type}, ${JSON.stringify(superjson.serialize(event))}::text::jsonb)
      returning id)
    select id, pg_notify(${LIVE_CHANNEL}, id::text) from added`);
  return Number(resultRows<{ id: number | string }>(result)[0]!.id);
}

/**
 * Records one event on many topics in one statement, and announces each (a fan-out to many
 * people's topics, say); as `publish`, only on commit.
 */
export async function publishToMany<E extends AnyEvent>(tx: Queryable, topics: Topic<E>[], event: E): Promise<number> {
  if (topics.length === 0) return 0;
  // The topics travel as one JSON parameter: building a VALUES list of 50 rows costs the server more
  // than Postgres spends inserting them.
  await tx.execute(sql`
    with added as (
      insert into ${liveEvents} (topic, type, payload)
      select topic, ${event.type}, ${JSON.stringify(superjson.serialize(event))}::text::jsonb
      from jsonb_array_elements_text(${JSON.stringify(topics)}::text::jsonb) as topic
      returning id)
    select pg_notify(${LIVE_CHANNEL}, id::text) from added`);
  return topics.length;
}

/**
 * Records many events, each on its own topic, in one statement, and announces each (a change that
 * touches many communities at once, such as closing an account); as `publish`, only on commit.
 */
export async function publishEach(tx: Queryable, items: Array<{ topic: Topic<AnyEvent>; event: AnyEvent }>): Promise<number> {
  if (items.length === 0) return 0;
  const rows = items.map(({ topic, event }) => ({ topic, type: event.type, payload: superjson.serialize(event) }));
  await tx.execute(sql`
    with added as (
      insert into ${liveEvents} (topic, type, payload)
      select r->>'topic', r->>'type', r->'payload'
      from jsonb_array_elements(${JSON.stringify(rows)}::text::jsonb) as r
      returning id)
    select pg_notify(${LIVE_CHANNEL}, id::text) from added`);
  return items.length;
}
