import { createDatabase, type Database } from '@app/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKLOG_LIMIT, createLiveBus, HAND_OUT_SLICE, type LiveBus, type LiveEvent } from './bus.ts';
import { INLINE_EVENT_BYTES, publish, publishEach, publishToMany } from './publish.ts';
import { liveSubscription } from '../../core/subscription.ts';
import type { Topic } from './topic.ts';
import { useTestDatabase } from '../../testing/index.ts';

const scene = useTestDatabase();
/** A second connection pool on the same database: what another server process has. */
let other: Database;
let busA: LiveBus;
let busB: LiveBus;

beforeAll(async () => {
  other = await scene.otherProcess();
  busA = createLiveBus(scene.database);
  busB = createLiveBus(other);
  await busA.start();
  await busB.start();
});
afterAll(async () => {
  await busA.stop();
  await busB.stop();
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

/** A subscriber who may always listen, sent each event as published. */
function subscribeTo(bus: LiveBus, topic: Topic<TestEvent>, lastEventId: string | null, signal: AbortSignal) {
  return liveSubscription<TestEvent, TestEvent>({
    ctx: { live: bus, isSessionActive: async () => true },
    topic,
    lastEventId,
    signal,
    stillAllowed: async () => true,
    map: (event) => event,
    refusal: 'ended',
  })[Symbol.asyncIterator]();
}

describe('live bus', () => {
  it("delivers an event published through one process's scene.database to subscribers of another", async () => {
    const topic = testTopic(1);
    const onA = collect(busA, topic, 2);
    const onB = collect(busB, topic, 2);
    await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 1 }));
    await other.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 2 }));
    for (const events of [await onA, await onB]) expect(events.map((e) => e.event)).toEqual([{ type: 'test', n: 1 }, { type: 'test', n: 2 }]);
  });

  it('delivers nothing for a transaction that rolls back, and keeps topics apart', async () => {
    const topic = testTopic(2);
    const elsewhere = testTopic(3);
    const received = collect(busB, topic, 1);
    const strays = collect(busB, elsewhere, 1, 1500);
    await scene.database.db
      .transaction(async (tx) => {
        await publish(tx, topic, { type: 'test', note: 'rolled back' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', note: 'kept' }));
    expect((await received).map((e) => e.event)).toEqual([{ type: 'test', note: 'kept' }]);
    expect(await strays).toEqual([]);
  });

  it('gives a reconnecting client what it missed, after the last id it saw', async () => {
    const topic = testTopic(4);
    const first = await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 1 }));
    await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 2 }));
    await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 3 }));
    const replay = await busA.replay(topic, first);
    expect('events' in replay && replay.events.map((e) => e.event)).toEqual([{ type: 'test', n: 2 }, { type: 'test', n: 3 }]);
  });

  it('replays only within the window: an old, unknown or foreign id gets a reset, never history', async () => {
    const topic = testTopic(7);
    const other = testTopic(8);
    const old = await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 1 }));
    await scene.database.db.execute(sql`update live_events set created_at = now() - interval '1 hour' where id = ${old}`);
    const recent = await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 2 }));
    const foreign = await scene.database.db.transaction((tx) => publish(tx, other, { type: 'test', n: 3 }));
    const latest = await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 4 }));
    for (const from of [0, old, foreign, latest + 1000]) {
      const replay = await busA.replay(topic, from);
      expect(replay, `from ${from}`).toEqual({ reset: true, lastId: expect.any(Number) });
      expect((replay as { lastId: number }).lastId).toBeGreaterThanOrEqual(latest);
    }
    const replay = await busA.replay(topic, recent);
    expect('events' in replay && replay.events.map((e) => e.event)).toEqual([{ type: 'test', n: 4 }]);
  });

  it("starts a page's subscription from its position: the topic's events since, whatever topic the last event was on", async () => {
    const topic = testTopic(20);
    await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 1 }));
    // The last event before the page was read is another topic's (the position names no event of this one).
    await scene.database.db.transaction((tx) => publish(tx, testTopic(21), { type: 'test', n: 2 }));
    const position = await busA.position();
    expect(position.takenAt).toBeLessThanOrEqual(Date.now());
    await other.db.transaction((tx) => publish(tx, testTopic(21), { type: 'test', n: 3 }));
    await other.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 4 }));
    // Read by the other process too: a page rendered by one, its socket held by the other.
    for (const bus of [busA, busB]) {
      const replay = await bus.replaySince(topic, position);
      expect('events' in replay && replay.events.map((e) => e.event)).toEqual([{ type: 'test', n: 4 }]);
    }
    // Through the subscription, given as `lastEventId`: the missed event first, tracked by its own id.
    const controller = new AbortController();
    const subscription = subscribeTo(busB, topic, `${position.afterId}@${position.takenAt}`, controller.signal);
    const first = await subscription.next();
    controller.abort();
    const [id, data] = first.value!;
    expect(Number(id)).toBeGreaterThan(position.afterId);
    expect(data).toEqual({ type: 'test', n: 4 });
  });

  it('gives a position from before the window, or one whose time is not its own, a reset, never history', async () => {
    const topic = testTopic(22);
    const before = await busA.position();
    const old = await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 1 }));
    await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 2 }));
    const expectReset = async (position: { afterId: number; takenAt: number }, why: string) => {
      const replay = await busA.replaySince(topic, position);
      expect(replay, why).toEqual({ reset: true, lastId: expect.any(Number) });
      expect((replay as { lastId: number }).lastId, why).toBeGreaterThan(old);
    };
    await expectReset({ ...before, takenAt: Date.now() - 6 * 60_000 }, 'taken six minutes ago');
    await expectReset({ ...before, takenAt: Date.now() + 5 * 60_000 }, 'taken in the future');
    // A first event after the position older than the window: the position is older than it says.
    await scene.database.db.execute(sql`update live_events set created_at = now() - interval '1 hour' where id = ${old}`);
    await expectReset(before, 'an event after it older than the window');
    const recent = await busA.replaySince(topic, { afterId: old, takenAt: Date.now() });
    expect('events' in recent && recent.events.map((e) => e.event)).toEqual([{ type: 'test', n: 2 }]);
  });

  it('builds a shared result once for many subscribers of one event', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const results = await Promise.all(Array.from({ length: 100 }, () => busA.shared('event:1', load)));
    expect(new Set(results)).toEqual(new Set([1]));
    expect(loads).toBe(1);
    // Another bus (another database, or another process) builds its own.
    expect(await busB.shared('event:1', load)).toBe(2);
  });

  it('gives subscribers the event as published, dates as dates', async () => {
    const topic = testTopic(6);
    const at = new Date('2026-11-23T10:00:00.123Z');
    const received = collect(busB, topic, 1);
    await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', note: 'dated', at }));
    const [event] = await received;
    expect(event!.event).toEqual({ type: 'test', note: 'dated', at });
    expect(event!.event.at).toBeInstanceOf(Date);
  });

  /** A started bus on the other process's connections (the real database), its reads counted. */
  async function readCountingBus() {
    const counted = { reads: 0 };
    const db = new Proxy(other.db, { get: (target, key, receiver) => (key === 'select' && (counted.reads += 1), Reflect.get(target, key, receiver)) });
    const bus = createLiveBus({ ...other, db });
    await bus.start();
    return { bus, counted };
  }

  it('hands out an event its notification carried without reading it, and reads back one too large to carry', async () => {
    const { bus, counted } = await readCountingBus();
    try {
      const topic = testTopic(61);
      const small = collect(bus, topic, 1);
      const startedWith = counted.reads;
      const id = await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', note: 'carried' }));
      const [carried] = await small;
      expect(carried).toMatchObject({ id, topic, event: { type: 'test', note: 'carried' } });
      expect(carried!.createdAt).toBeInstanceOf(Date);
      expect(counted.reads).toBe(startedWith);
      const large = collect(bus, topic, 1);
      const note = 'é'.repeat(INLINE_EVENT_BYTES);
      await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', note }));
      expect((await large)[0]!.event).toEqual({ type: 'test', note });
      expect(counted.reads).toBe(startedWith + 1);
    } finally {
      await bus.stop();
    }
  });

  it('hands out events published on many topics at once (publishToMany, publishEach) without reading them either', async () => {
    const { bus, counted } = await readCountingBus();
    try {
      const [a, b, c] = [testTopic(62), testTopic(63), testTopic(64)];
      const heard = Promise.all([collect(bus, a, 2), collect(bus, b, 1), collect(bus, c, 1)]);
      const startedWith = counted.reads;
      await scene.database.db.transaction(async (tx) => {
        await publishToMany(tx, [a, b], { type: 'test', note: 'to many' });
        const [eachA, eachC]: TestEvent[] = [
          { type: 'test', note: 'each a' },
          { type: 'test', note: 'each c' },
        ];
        await publishEach(tx, [
          { topic: a, event: eachA! },
          { topic: c, event: eachC! },
        ]);
      });
      const [onA, onB, onC] = await heard;
      expect(onA!.map((e) => e.event)).toEqual([
        { type: 'test', note: 'to many' },
        { type: 'test', note: 'each a' },
      ]);
      expect(onB!.map((e) => e.event)).toEqual([{ type: 'test', note: 'to many' }]);
      expect(onC!.map((e) => e.event)).toEqual([{ type: 'test', note: 'each c' }]);
      expect(onA![0]!.createdAt).toBeInstanceOf(Date);
      expect(counted.reads).toBe(startedWith);
    } finally {
      await bus.stop();
    }
  });

  it('catches up on what was published while its LISTEN connection was down, handing out each event once', async () => {
    if (!scene.database.url) return expect(scene.database.kind).toBe('pglite'); // in-process: nothing to drop
    // Events go on being published while the connection drops and comes back: some commit in the
    // gap (no notification: only the catch-up finds them), some just as it LISTENs again (both the
    // catch-up and their notification find them). Each must reach the subscriber once. Not in
    // order: an event notified on the new connection before it reports LISTENing is handed out
    // before the gap's (the next test plays that order). A second delivery of any event but the
    // last would take a place among the first `count`, and one of them would be missing.
    // Which events fall where is up to timing, so the connection is dropped three times.
    const count = 60;
    for (const round of [1, 2, 3]) {
      const topic = testTopic(50 + round);
      const received = collect(busB, topic, count, 10_000);
      // Drop the other process's LISTEN connection; postgres.js reconnects and LISTENs again.
      await scene.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
      for (let n = 1; n <= count; n++) {
        await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n }));
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const numbers = (await received).map((e) => e.event.n!);
      expect(numbers.toSorted((a, b) => a - b), `round ${round}: ${numbers.join(' ')}`).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    }
  });
});

describe('live bus, the database restarting', () => {
  it('LISTENs again once the database takes connections again, and hands out what was published meanwhile', async () => {
    if (!scene.database.url) return expect(scene.database.kind).toBe('pglite'); // in-process: nothing to drop
    // A restart as the LISTEN connection sees it: dropped, then refused for a while (its first
    // attempts to LISTEN again fail), then accepted. Connections already open are kept, so the test can go on.
    const { db } = scene.database;
    const url = new URL(scene.database.url);
    const name = sql.identifier(url.pathname.slice(1));
    // Only another database's connection may turn connections to this one away.
    url.pathname = '/postgres';
    const admin = await createDatabase({ kind: 'postgres', url: url.toString() });
    const topic = testTopic(70);
    const received = collect(busB, topic, 2, 20_000);
    await admin.db.execute(sql`alter database ${name} with allow_connections false`);
    try {
      await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
      await db.transaction((tx) => publish(tx, topic, { type: 'test', n: 1 }));
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    } finally {
      await admin.db.execute(sql`alter database ${name} with allow_connections true`);
      await admin.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await db.transaction((tx) => publish(tx, topic, { type: 'test', n: 2 }));
    expect((await received).map((e) => e.event.n)).toEqual([1, 2]);
  });
});

describe('live bus, notifications and reconnects in any order', () => {
  it('hands out what the gap held when the new connection is heard from before it reports LISTENing, each event once', async () => {
    // The database is real; only the LISTEN connection is played by the test, to order its news.
    let connection!: { onPayload: (payload: string) => void; onListen?: () => void };
    const bus = createLiveBus({
      ...scene.database,
      listen: async (_channel, onPayload, onListen) => {
        connection = { onPayload, onListen };
        onListen?.();
        return async () => {};
      },
    });
    await bus.start();
    const topic = testTopic(10);
    const received = collect(bus, topic, 4);
    // While the connection is down: two events commit and nobody hears of them.
    const gap = [];
    for (const n of [1, 2]) gap.push(await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n })));
    // The new connection hears of the next event, and of one from the gap that commits late, before
    // it reports LISTENing (postgres.js runs its callback after notifications already read).
    const next = await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 3 }));
    connection.onPayload(String(next));
    await new Promise((resolve) => setTimeout(resolve, 200));
    connection.onListen!();
    connection.onPayload(String(gap[1]));
    const last = await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 4 }));
    connection.onPayload(String(last));
    expect((await received).map((e) => e.event.n)).toEqual([3, 1, 2, 4]);
    // Heard of again: not handed out again.
    const more = collect(bus, topic, 1, 500);
    connection.onPayload(String(next));
    connection.onListen!();
    expect(await more).toEqual([]);
    await bus.stop();
  });
});

describe('live subscriptions, events that commit out of order', () => {
  it('sends an event whose transaction commits after a later-numbered one, and resumes without sending either again', async () => {
    const topic = testTopic(9);
    const subscribe = (lastEventId: string | null, signal: AbortSignal) => subscribeTo(busB, topic, lastEventId, signal);
    const controller = new AbortController();
    const subscription = subscribe(null, controller.signal);
    const first = subscription.next();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The slow transaction takes its event id first and commits last.
    let commitSlow!: () => void;
    const slowMayCommit = new Promise<void>((resolve) => (commitSlow = resolve));
    let slowPublished!: () => void;
    const slowHasId = new Promise<void>((resolve) => (slowPublished = resolve));
    const slow = scene.database.db.transaction(async (tx) => {
      await publish(tx, topic, { type: 'test', note: 'slow' });
      slowPublished();
      await slowMayCommit;
    });
    await slowHasId;
    await other.db.transaction((tx) => publish(tx, topic, { type: 'test', note: 'quick' }));
    const [, quick] = (await first).value!;
    expect(quick).toEqual({ type: 'test', note: 'quick' });
    commitSlow();
    await slow;
    const [lateId, late] = (await subscription.next()).value!;
    expect(late).toEqual({ type: 'test', note: 'slow' });
    controller.abort();
    await subscription.return!(undefined);

    // A client that saw both and comes back hears only what came after them.
    await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', note: 'after' }));
    const again = new AbortController();
    const resumed = subscribe(lateId, again.signal);
    expect((await resumed.next()).value![1]).toEqual({ type: 'test', note: 'after' });
    again.abort();
    await resumed.return!(undefined);
  });
});

describe('live bus, many subscribers', () => {
  it('hands each event to every subscriber, a slice a turn, every subscriber getting the topic\'s events in order', async () => {
    const topic = testTopic(8);
    const subscribers = HAND_OUT_SLICE * 3 + 5;
    const controller = new AbortController();
    const received: number[][] = Array.from({ length: subscribers }, () => []);
    /** The turn of the event loop each subscriber got the first event in. */
    const firstTurn: number[] = [];
    let turn = 0;
    let counting = true;
    const countTurns = () => {
      turn += 1;
      if (counting) setImmediate(countTurns);
    };
    const done = Array.from({ length: subscribers }, async (_, i) => {
      for await (const { event } of busA.stream(topic, controller.signal)) {
        if (received[i]!.length === 0) firstTurn[i] = turn;
        received[i]!.push(event.n!);
        if (received[i]!.length === 3) break;
      }
    });
    countTurns();
    await scene.database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await publish(tx, topic, { type: 'test', n });
    });
    await Promise.all(done);
    counting = false;
    controller.abort();
    for (const events of received) expect(events).toEqual([1, 2, 3]);
    // One slice a turn: the first HAND_OUT_SLICE in one turn, the last a turn or more after the third slice.
    expect(new Set(firstTurn.slice(0, HAND_OUT_SLICE)).size).toBe(1);
    expect(firstTurn[subscribers - 1]! - firstTurn[0]!).toBeGreaterThanOrEqual(3);
    expect(busA.streamCount()).toBe(0);
  });
});

describe('live bus, replays asked for together', () => {
  /** A bus on a database that counts the reads made through it. */
  function countedBus() {
    const reads = { count: 0 };
    const db = new Proxy(scene.database.db, {
      get: (target, key, receiver) => (key === 'select' && (reads.count += 1), Reflect.get(target, key, receiver)),
    });
    return { bus: createLiveBus({ ...scene.database, db }), reads };
  }
  const ns = (replay: Awaited<ReturnType<LiveBus['replay']>>) => ('events' in replay ? replay.events.map((e) => (e.event as TestEvent).n) : 'reset');

  it("reads a topic's replays asked for while one is read in one query, each given what it missed", async () => {
    const topic = testTopic(40);
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push(await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n })));
    const foreign = await scene.database.db.transaction((tx) => publish(tx, testTopic(41), { type: 'test', n: 9 }));
    const { bus, reads } = countedBus();
    // A thousand sockets resuming on one feed, in small: 43 subscribers, from six positions.
    const from = [...Array.from({ length: 40 }, (_, i) => ids[i % 4]!), ids[4]!, foreign, foreign];
    const replays = await Promise.all(from.map((afterId) => bus.replay(topic, afterId)));
    expect(replays.slice(0, 4).map(ns)).toEqual([[2, 3, 4, 5], [3, 4, 5], [4, 5], [5]]);
    for (const [i, replay] of replays.slice(0, 40).entries()) expect(ns(replay)).toEqual(ns(replays[i % 4]!));
    expect(ns(replays[40]!)).toEqual([]);
    // Not an event of this topic: a reset, from the last event committed (read once for both).
    expect(replays[41]).toEqual({ reset: true, lastId: expect.any(Number) });
    expect(replays[42]).toEqual(replays[41]);
    // The first read, the 42 asked for meanwhile in one, and the resets' last id: each read alone,
    // some 88 queries.
    expect(reads.count).toBe(3);
  });

  it('gives a position the backlog limit behind a reset, and one the shared read stopped short of its own read', async () => {
    const topic = testTopic(42);
    await scene.database.db.transaction((tx) =>
      publishEach(tx, Array.from({ length: BACKLOG_LIMIT + 5 }, (_, n) => ({ topic, event: { type: 'test', n } as TestEvent }))),
    );
    const rows = await scene.database.db.execute(sql`select id from live_events where topic = ${topic} order by id`);
    const ids = (rows as unknown as Array<{ id: number | string }>).map((row) => Number(row.id));
    const { bus } = countedBus();
    const [first, nearTheEnd, middle] = await Promise.all([ids[0]!, ids[0]!, ids.at(-4)!, ids[10]!].map((afterId) => bus.replay(topic, afterId))).then((all) => all.slice(1));
    // BACKLOG_LIMIT + 4 missed: refetch instead.
    expect(first).toEqual({ reset: true, lastId: expect.any(Number) });
    // Past the end of the shared read (which stops at BACKLOG_LIMIT + 2 events): read on its own.
    expect(ns(nearTheEnd!)).toEqual([BACKLOG_LIMIT + 2, BACKLOG_LIMIT + 3, BACKLOG_LIMIT + 4]);
    // Inside it, with fewer than the limit after it in the read but more beyond: read on its own.
    expect(ns(middle!)).toEqual(Array.from({ length: BACKLOG_LIMIT - 6 }, (_, i) => i + 11));
  });
});

describe('live bus, a subscriber still sending its backlog', () => {
  it("does not hold the others: a reconnecting subscription whose replay is slow takes each event at once, and sends it after its backlog, in order", async () => {
    // Waiting for a slice to take an event is given a minute here: an event that waited for the
    // replaying subscriber would not reach the second slice before the replay is let go.
    const topic = testTopic(30);
    // Heard first by a bus already listening on this database: the bus below shares its LISTEN
    // connection, and a notification still on its way when that one starts would reach it too.
    const heard = collect(busA, topic, 2);
    const seen = await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 1 }));
    await scene.database.db.transaction((tx) => publish(tx, topic, { type: 'test', n: 2 }));
    expect((await heard).map(({ event }) => event.n)).toEqual([1, 2]);
    // Started after them: the backlog is the replay's alone.
    const bus = createLiveBus(scene.database, { takeWaitMs: 60_000 });
    await bus.start();
    let letReplayGo!: () => void;
    const replayHeld = new Promise<void>((resolve) => (letReplayGo = resolve));
    const slowReplays: LiveBus = { ...bus, replay: async (topic, afterId) => (await replayHeld, bus.replay(topic, afterId)) };
    const controller = new AbortController();
    // The reconnecting subscriber listens first (the first slice), then a slice and a half of others.
    const reconnecting = subscribeTo(slowReplays, topic, String(seen), controller.signal);
    const first = reconnecting.next();
    await expect.poll(() => bus.streamCount()).toBe(1);
    const others = HAND_OUT_SLICE + HAND_OUT_SLICE / 2;
    const received: number[][] = Array.from({ length: others }, () => []);
    const done = received.map(async (events) => {
      for await (const { event } of bus.stream(topic, controller.signal)) if (events.push(event.n!) === 3) break;
    });
    await scene.database.db.transaction(async (tx) => {
      for (const n of [3, 4, 5]) await publish(tx, topic, { type: 'test', n });
    });
    // Every other subscriber, the last slice's too, has all three while the backlog is still unread.
    await Promise.all(done);
    for (const events of received) expect(events).toEqual([3, 4, 5]);
    letReplayGo();
    const sent = [(await first).value, ...(await Promise.all([1, 2, 3].map(() => reconnecting.next()))).map((step) => step.value)];
    expect(sent.map((value) => (value![1] as TestEvent).n)).toEqual([2, 3, 4, 5]);
    controller.abort();
    await reconnecting.return!(undefined);
    await bus.stop();
  });
});

describe('live bus and subscriptions, a subscriber that left early', () => {
  it('a stream asked for after its signal ended is empty, not an error', async () => {
    const controller = new AbortController();
    controller.abort();
    const seen: unknown[] = [];
    for await (const event of busA.stream(testTopic(6), controller.signal)) seen.push(event);
    expect(seen).toEqual([]);
  });

  it('a subscription whose client left before it started ends at once, listening to nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const subscription = subscribeTo(busA, testTopic(7), null, controller.signal);
    const first = await Promise.race([subscription.next(), new Promise((resolve) => setTimeout(() => resolve('still listening'), 2000))]);
    expect(first).toEqual({ done: true, value: undefined });
  });
});
