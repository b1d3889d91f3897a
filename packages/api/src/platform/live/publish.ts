import { resultRows, type Queryable } from '@app/db';
import { liveEvents } from '@app/db/schema';
import { sql } from 'drizzle-orm';
import superjson from 'superjson';
import type { AnyEvent, Topic } from './topic.ts';

/** The NOTIFY channel that announces committed live events; the payload is the event as JSON, or its id when too large. */
export const LIVE_CHANNEL = 'live_events';

/**
 * The most a NOTIFY may carry that names the whole event (Postgres refuses payloads of 8,000 bytes
 * and more): a larger event is announced by its id alone, and each process reads it.
 */
export const INLINE_EVENT_BYTES = 7_900;

/**
 * The announcement of the rows an `added` CTE inserted (returning id, topic, payload, created_at):
 * each row as JSON when it fits in a NOTIFY, else its id, which each process then reads.
 */
const ANNOUNCE = sql`
    announced as (
      select id, json_build_object('id', id, 'topic', topic, 'payload', payload, 'createdAt', created_at)::text as whole from added)
    select id, pg_notify(${LIVE_CHANNEL}, case when octet_length(whole) <= ${INLINE_EVENT_BYTES} then whole else id::text end) from announced`;

/**
 * Records a live event in the caller's transaction and announces it: Postgres delivers the NOTIFY
 * only when (and if) that transaction commits, so listeners never hear of a change that rolled back.
 * Only an event the topic declares is accepted; it is stored with superjson, so dates come back as dates.
 * One statement, and the announcement carries the event itself (its row as JSON) when it fits, so no
 * process needs to read it back (bus.ts).
 */
export async function publish<E extends AnyEvent>(tx: Queryable, topic: Topic<E>, event: E): Promise<number> {
  const result = await tx.execute(sql`
    with added as (
      insert into ${liveEvents} (topic, type, payload)
      values (${topic}, ${event.type}, ${JSON.stringify(superjson.serialize(event))}::text::jsonb)
      returning id, topic, payload, created_at),
    ${ANNOUNCE}`);
  return Number(resultRows<{ id: number | string }>(result)[0]!.id);
}

/**
 * Records one event on many topics in one statement, and announces each (a fan-out to many
 * people's topics, say); as `publish`, only on commit, each carrying its row when it fits.
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
      returning id, topic, payload, created_at),
    ${ANNOUNCE}`);
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
      returning id, topic, payload, created_at),
    ${ANNOUNCE}`);
  return items.length;
}
