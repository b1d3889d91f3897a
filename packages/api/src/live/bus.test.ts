import { createDatabase, type Database } from '@app/db';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveBus, type LiveBus, type LiveEvent } from './bus.ts';
import { publish } from './publish.ts';
import type { Topic } from './topics.ts';

let database: TestDatabase;
/** A second connection pool on the same database: what another server process has. */
let other: Database;
let busA: LiveBus;
let busB: LiveBus;

beforeAll(async () => {
  database = await createTestDatabase();
  other = database.url ? await createDatabase({ kind: 'postgres', url: database.url }) : database;
  busA = createLiveBus(database);
  busB = createLiveBus(other);
  await busA.start();
  await busB.start();
});
afterAll(async () => {
  await busA.stop();
  await busB.stop();
  if (other !== database) await other.close();
  await database.drop();
});

/** The events of the topics these tests publish on. */
type TestEvent = { type: 'test'; n?: number; note?: string; at?: Date };
const testTopic = (n: number) => `test:${n}` as Topic<TestEvent>;

/** Collects `count` events of `topic` from `bus`, or fails after `ms`. */
function collect(bus: LiveBus, topic: Topic<TestEvent>, count: number, ms = 5000): Promise<LiveEvent<TestEvent>[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return (async () => {
    const seen: LiveEvent<TestEvent>[] = [];
    for await (const event of bus.stream(topic, controller.signal)) {
      seen.push(event);
      if (seen.length === count) break;
    }
    clearTimeout(timer);
    return seen;
  })();
}

describe('live bus', () => {
  it("delivers an event published through one process's database to subscribers of another", async () => {
    const topic = testTopic(1);
    const onA = collect(busA, topic, 2);
    const onB = collect(busB, topic, 2);
    await database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 1 }));
    await other.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 2 }));
    for (const events of [await onA, await onB]) expect(events.map((e) => e.event)).toEqual([{ type: 'test', n: 1 }, { type: 'test', n: 2 }]);
  });

  it('delivers nothing for a transaction that rolls back, and keeps topics apart', async () => {
    const topic = testTopic(2);
    const elsewhere = testTopic(3);
    const received = collect(busB, topic, 1);
    const strays = collect(busB, elsewhere, 1, 1500);
    await database.db
      .transaction(async (tx) => {
        await publish(tx, topic, { type: 'test', note: 'rolled back' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await database.db.transaction((tx) => publish(tx, topic, { type: 'test', note: 'kept' }));
    expect((await received).map((e) => e.event)).toEqual([{ type: 'test', note: 'kept' }]);
    expect(await strays).toEqual([]);
  });

  it('gives a reconnecting client what it missed, after the last id it saw', async () => {
    const topic = testTopic(4);
    const first = await database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 1 }));
    await database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 2 }));
    await database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 3 }));
    expect((await busA.backlog(topic, first)).map((e) => e.event)).toEqual([{ type: 'test', n: 2 }, { type: 'test', n: 3 }]);
  });

  it('gives subscribers the event as published, dates as dates', async () => {
    const topic = testTopic(6);
    const at = new Date('2026-11-23T10:00:00.123Z');
    const received = collect(busB, topic, 1);
    await database.db.transaction((tx) => publish(tx, topic, { type: 'test', note: 'dated', at }));
    const [event] = await received;
    expect(event!.event).toEqual({ type: 'test', note: 'dated', at });
    expect(event!.event.at).toBeInstanceOf(Date);
  });

  it('catches up on what was published while its LISTEN connection was down', async () => {
    if (!database.url) return expect(database.kind).toBe('pglite'); // in-process: nothing to drop
    const topic = testTopic(5);
    const received = collect(busB, topic, 2, 10_000);
    // Drop the other process's LISTEN connection; postgres.js reconnects and LISTENs again.
    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
    await database.db.transaction((tx) => publish(tx, topic, { type: 'test', note: 'during the gap' }));
    await database.db.transaction((tx) => publish(tx, topic, { type: 'test', note: 'after the gap' }));
    expect((await received).map((e) => e.event)).toEqual([{ type: 'test', note: 'during the gap' }, { type: 'test', note: 'after the gap' }]);
  });
});
