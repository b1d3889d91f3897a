import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '@app/db';
import { liveEvents } from '@app/db/schema';
import { and, asc, eq, gt, inArray, notInArray, or, sql } from 'drizzle-orm';
import superjson, { type SuperJSONResult } from 'superjson';
import type { LivePosition } from '@app/shared/live';
import { REPLAY_WINDOW_MS } from './prune.ts';
import { LIVE_CHANNEL } from './publish.ts';
import type { AnyEvent, Topic } from './topic.ts';
import { createRevalidator } from './revalidator.ts';
import { markShared } from './encoding.ts';
import { handoff } from './push.ts';
import { BACKLOG_LIMIT, createReplayReader, eventColumns, inReplayWindow, type EventRow } from './replays.ts';

/** A committed event, as subscribers get it: its id (what a reconnecting client sends back) and the event. */
export interface LiveEvent<E extends AnyEvent = AnyEvent> {
  id: number;
  topic: string;
  event: E;
  createdAt: Date;
}

export { BACKLOG_LIMIT };

/** How far ahead of this process's clock another process's may be (a position taken there, read here). */
const CLOCKS_APART_MS = 60_000;

/**
 * What a reconnecting client is sent: the events it missed, or `reset` when it asks from further
 * back than the replay window (or from an id it never saw): it refetches, and resumes after `lastId`.
 */
export type Replay<E extends AnyEvent> = { events: LiveEvent<E>[] } | { reset: true; lastId: number };

export interface LiveBusOptions {
  onError?: (error: unknown) => void;
  /** How often a live subscription re-checks that its subscriber may still receive it. */
  revalidateMs?: number;
  /** How long a slice of subscribers may take an event before the rest are handed it without waiting (TAKE_WAIT_MS). */
  takeWaitMs?: number;
}

export interface LiveBus {
  readonly revalidateMs: number;
  /** LISTENs on the database (once, however often it is called); events committed by any server process then reach `stream`. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The topic's events as they commit, from the call on, until `signal` aborts. */
  stream<E extends AnyEvent>(topic: Topic<E>, signal: AbortSignal): AsyncIterable<LiveEvent<E>>;
  /**
   * Hands `listener` the topic's events as they commit, from the call on, until `signal` aborts. It
   * calls `taken` once it has sent each on, or has kept it to send after its backlog (the bus hands
   * an event to the next subscribers meanwhile only a slice at a time, see HAND_OUT_SLICE); after the
   * abort, events still handed to it must be `taken` too.
   */
  follow<E extends AnyEvent>(topic: Topic<E>, signal: AbortSignal, listener: (event: LiveEvent<E>, taken: () => void) => void): void;
  /**
   * What a reconnecting client missed: the topic's events after `afterId`, oldest first, when
   * `afterId` names an event of this topic within the replay window and fewer than BACKLOG_LIMIT
   * followed; otherwise a reset. History is never paged through a subscription.
   */
  replay<E extends AnyEvent>(topic: Topic<E>, afterId: number): Promise<Replay<E>>;
  /**
   * Where live events stand: the last committed event's id, and this process's clock. A member's page
   * is read after taking it, and its subscriptions start from it (`replaySince`).
   */
  position(): Promise<LivePosition>;
  /**
   * What a page's subscription missed since the page was read: the topic's events after the position,
   * oldest first, when it was taken within the replay window (and every one of them is in it) and
   * fewer than BACKLOG_LIMIT followed; otherwise a reset.
   */
  replaySince<E extends AnyEvent>(topic: Topic<E>, position: LivePosition): Promise<Replay<E>>;
  /**
   * Re-checks a subscription every `revalidateMs`, in one round for the process: subscriptions with
   * the same `key` share one check (see revalidator.ts). Returns the function that stops it.
   */
  revalidate(key: string | null, check: () => Promise<boolean>, onDenied: () => void): () => void;
  /**
   * Builds what many subscribers of this process send for one event once (loading the post a
   * `post.created` names, say), sharing the result for a moment; `key` names the event.
   */
  shared<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** How many streams of this process are open, all topics together (for the soak's leak check). */
  streamCount(): number;
  /**
   * Hears every event whose topic starts with `prefix`, as it is handed out, whoever listens to
   * its topic (a process's caches forgetting what an event says changed). Returns the function that stops it.
   */
  watch(prefix: string, listener: (topic: string, event: AnyEvent) => void): () => void;
}

/** How many handed-out ids a bus remembers: more than one catch-up reads. */
const HANDED_OUT_KEPT = 2 * BACKLOG_LIMIT;

/** How long the bus waits to read again after a read failed (the database restarting, say). */
const RETRY_MS = 1_000;

/**
 * How many subscribers an event is handed to at a time. Handing it to all at once (5,000 sockets on
 * one feed) ran their deliveries side by side: every delivery's work stayed in memory until all
 * were written, surviving into the old generation (a third of the CPU went to the garbage
 * collector), no socket was written before the last was ready, and requests waited behind the
 * whole fan-out. A slice's subscribers take the event (their subscription has sent it and asks for
 * the next) before the next slice is handed it, and other work runs between slices. A slice that
 * has not taken it within TAKE_WAIT_MS (a subscriber's own slow read) stops the waiting for the
 * rest of that event: its slices then follow one a turn.
 */
export const HAND_OUT_SLICE = 64;
const TAKE_WAIT_MS = 1_000;

/** How long a shared result is reused: long enough for one event's fan-out, short enough never to serve stale text. */
const SHARED_TTL_MS = 2_000;

/**
 * The stored event, read back. `publish` only accepts the events a topic declares, so what a
 * topic's row holds is of that topic's type: this is the one place that trusts it.
 */
function toLiveEvent<E extends AnyEvent>(row: EventRow): LiveEvent<E> {
  // Every local subscriber of the topic is handed this one event: what passes it on as it is, is encoded once.
  return { id: row.id, topic: row.topic, event: markShared(superjson.deserialize<E>(row.payload as SuperJSONResult)), createdAt: row.createdAt };
}

/** Hands a subscriber an event; it calls `taken` once it has sent it on (or has ended). */
type Listener = (event: LiveEvent, taken: () => void) => void;

/** The event row a notification carried whole (publish.ts), or null for a payload this bus does not know. */
function carriedRow(payload: string): EventRow | null {
  try {
    const row = JSON.parse(payload) as { id?: unknown; topic?: unknown; payload?: unknown; createdAt?: unknown };
    if (typeof row.id !== 'number' || !Number.isSafeInteger(row.id) || typeof row.topic !== 'string' || typeof row.createdAt !== 'string') return null;
    return { id: row.id, topic: row.topic, payload: row.payload, createdAt: new Date(row.createdAt) };
  } catch {
    return null;
  }
}

/**
 * One LISTEN connection per process: a notification carries the event (publish.ts), or, when it is
 * too large for one, its id, and then the row is read once; the event is handed to every local
 * subscriber of its topic, HAND_OUT_SLICE of them a turn, each topic's events in order.
 * Notifications that arrive together are handed out together, in id order, the ids among them read
 * in one query.
 */
export function createLiveBus(database: Database, { onError = () => {}, revalidateMs = 15_000, takeWaitMs = TAKE_WAIT_MS }: LiveBusOptions = {}): LiveBus {
  const listeners = new Map<string, Set<Listener>>();
  /** Per topic, the events still being handed out (the first is under way): a topic's events reach each subscriber in order. */
  const handingOut = new Map<string, LiveEvent[]>();
  const sharedResults = new Map<string, { value: Promise<unknown>; until: number }>();
  const revalidator = createRevalidator(revalidateMs);
  /** The id of the last event committed (0 when there is none). */
  const lastCommittedId = async () => {
    const [row] = await database.db.select({ max: sql<number | null>`max(${liveEvents.id})` }).from(liveEvents);
    return Number(row?.max ?? 0);
  };
  const readMissed = createReplayReader(database, toLiveEvent, lastCommittedId);
  let unlisten: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;
  let pending: number[] = [];
  /** Events whose notification carried them whole, waiting with `pending` to be handed out. */
  let pendingRows: EventRow[] = [];
  let flushing: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;
  /** Set when the connection LISTENs again, or a read failed: what the bus may have missed is read. */
  let catchUp = false;
  /**
   * What this bus has handed out: every event up to `floor` counts as handed out (those before it
   * started, and those it has since forgotten), and above it the ids in `handedOut`, oldest first.
   * A catch-up reads every event above the floor that is not in the set: those committed while the
   * connection was down, even when events notified on the new connection were handed out first.
   * An event that commits just as the connection LISTENs again is found by both; it is handed out once.
   */
  let floor = 0;
  const handedOut = new Set<number>();
  const watchers = new Set<{ prefix: string; listener: (topic: string, event: AnyEvent) => void }>();

  function handOut(row: EventRow) {
    if (handedOut.has(row.id)) return;
    handedOut.add(row.id);
    if (handedOut.size > HANDED_OUT_KEPT) {
      const oldest = handedOut.values().next().value!;
      handedOut.delete(oldest);
      floor = Math.max(floor, oldest);
    }
    const event = toLiveEvent(row);
    for (const { prefix, listener } of watchers) if (row.topic.startsWith(prefix)) listener(row.topic, event.event);
    const queued = handingOut.get(row.topic);
    if (queued) queued.push(event);
    else {
      handingOut.set(row.topic, [event]);
      void handOutTopic(row.topic);
    }
  }

  /** Hands the topic's queued events out, each to the subscribers listening when it came, a slice at a time. */
  async function handOutTopic(topic: string) {
    const queue = handingOut.get(topic)!;
    try {
      for (let event = queue[0]; event; queue.shift(), event = queue[0]) await handOutEvent(event, [...(listeners.get(topic) ?? [])]);
    } finally {
      handingOut.delete(topic);
    }
  }

  async function handOutEvent(event: LiveEvent, receivers: Listener[]) {
    let waiting = true;
    let giveUp: NodeJS.Timeout | null = null;
    const gaveUp = new Promise<void>((resolve) => (giveUp = setTimeout(resolve, takeWaitMs)));
    try {
      for (let from = 0; from < receivers.length; from += HAND_OUT_SLICE) {
        const slice = receivers.slice(from, from + HAND_OUT_SLICE);
        let left = slice.length;
        let allTaken!: () => void;
        const sliceTaken = new Promise<void>((resolve) => (allTaken = resolve));
        const taken = () => {
          left -= 1;
          if (left === 0) allTaken();
        };
        for (const receive of slice) receive(event, taken);
        if (from + HAND_OUT_SLICE >= receivers.length) break;
        if (waiting) waiting = await Promise.race([sliceTaken.then(() => true), gaveUp.then(() => false)]);
        await nextTurn();
      }
    } finally {
      if (giveUp) clearTimeout(giveUp);
    }
  }

  function listen(topic: string, listener: Listener) {
    let set = listeners.get(topic);
    if (!set) listeners.set(topic, (set = new Set()));
    set.add(listener);
  }

  function stopListening(topic: string, listener: Listener) {
    const set = listeners.get(topic);
    if (set?.delete(listener) && set.size === 0) listeners.delete(topic);
  }

  function follow<E extends AnyEvent>(topic: Topic<E>, signal: AbortSignal, listener: (event: LiveEvent<E>, taken: () => void) => void) {
    if (signal.aborted) return;
    const heard = listener as Listener;
    listen(topic, heard);
    signal.addEventListener('abort', () => stopListening(topic, heard), { once: true });
  }

  /** Whether anything waits to be handed out: ids to read, events carried whole, or a catch-up. */
  function hasPending() {
    return pending.length > 0 || pendingRows.length > 0 || catchUp;
  }

  async function flush() {
    while (hasPending()) {
      const ids = pending;
      const carried = pendingRows;
      pending = [];
      pendingRows = [];
      const missed = catchUp;
      catchUp = false;
      const notified = inArray(liveEvents.id, ids.length ? ids : [0]);
      const notHandedOut = handedOut.size ? notInArray(liveEvents.id, [...handedOut]) : undefined;
      const read =
        ids.length > 0 || missed
          ? await database.db
              .select(eventColumns)
              .from(liveEvents)
              .where(missed ? or(notified, and(gt(liveEvents.id, floor), notHandedOut)) : notified)
              .orderBy(asc(liveEvents.id))
              .limit(missed ? BACKLOG_LIMIT + ids.length : ids.length)
          : [];
      const rows = carried.length ? [...read, ...carried].sort((a, b) => a.id - b.id) : read;
      for (const row of rows) handOut(row);
      // More was missed than one read takes: the next reads on from here.
      if (missed && read.length === BACKLOG_LIMIT + ids.length) catchUp = true;
    }
  }

  /** Reads what is pending unless a read is under way; that one picks up ids that arrive meanwhile. */
  function schedule() {
    if (flushing || retry || !hasPending()) return;
    flushing = flush().then(
      () => {
        flushing = null;
        schedule();
      },
      (error: unknown) => {
        onError(error);
        flushing = null;
        if (stopped) return;
        // What that read was for is read again by a catch-up, once the database answers.
        catchUp = true;
        retry = setTimeout(() => {
          retry = null;
          schedule();
        }, RETRY_MS);
        retry.unref();
      },
    );
  }

  function onNotify(payload: string) {
    if (payload.startsWith('{')) {
      const row = carriedRow(payload);
      if (row) pendingRows.push(row);
    } else {
      const id = Number(payload);
      if (!Number.isSafeInteger(id)) return;
      pending.push(id);
    }
    schedule();
  }

  return {
    revalidateMs,
    start() {
      stopped = false;
      let listening = false;
      const onListen = () => {
        // The first LISTEN starts from now; a later one (a reconnect) catches up on the gap.
        if (listening) {
          catchUp = true;
          schedule();
        }
        listening = true;
      };
      starting ??= database.listen(LIVE_CHANNEL, onNotify, onListen).then(async (stop) => {
        unlisten = stop;
        // A catch-up never reaches back before the bus started.
        floor = Math.max(floor, await lastCommittedId());
      });
      return starting;
    },
    revalidate: (key, check, onDenied) => revalidator.add(key, check, onDenied),
    async stop() {
      stopped = true;
      revalidator.stop();
      await starting?.catch(() => undefined);
      const stop = unlisten;
      unlisten = null;
      starting = null;
      await stop?.();
      if (retry) clearTimeout(retry);
      retry = null;
      await flushing;
    },
    follow,
    stream<E extends AnyEvent>(topic: Topic<E>, signal: AbortSignal) {
      // Listening starts now, not when the stream is first read: what commits meanwhile (while a
      // subscription reads its backlog) waits here. Ended already: nothing is listened to.
      const channel = handoff<LiveEvent<E>>();
      const heard = new AbortController();
      const end = () => {
        heard.abort();
        channel.drop();
      };
      if (signal.aborted) end();
      else {
        follow(topic, heard.signal, channel.put);
        signal.addEventListener('abort', end, { once: true });
      }
      return {
        async *[Symbol.asyncIterator]() {
          try {
            yield* channel.read();
          } finally {
            signal.removeEventListener('abort', end);
            end();
          }
        },
      };
    },

    replay<E extends AnyEvent>(topic: Topic<E>, afterId: number): Promise<Replay<E>> {
      return readMissed(topic, afterId) as Promise<Replay<E>>;
    },
    async position(): Promise<LivePosition> {
      const takenAt = Date.now();
      return { afterId: await lastCommittedId(), takenAt };
    },

    async replaySince<E extends AnyEvent>(topic: Topic<E>, { afterId, takenAt }: LivePosition): Promise<Replay<E>> {
      const age = Date.now() - takenAt;
      if (age <= REPLAY_WINDOW_MS && age >= -CLOCKS_APART_MS) {
        const rows = await database.db
          .select({ ...eventColumns, inWindow: sql<boolean>`${inReplayWindow()}` })
          .from(liveEvents)
          .where(and(eq(liveEvents.topic, topic), gt(liveEvents.id, afterId)))
          .orderBy(asc(liveEvents.id))
          .limit(BACKLOG_LIMIT + 1);
        // An event after the position but older than the window: the position's time was not its own.
        if (rows.length <= BACKLOG_LIMIT && rows.every((row) => row.inWindow)) return { events: rows.map((row) => toLiveEvent<E>(row)) };
      }
      return { reset: true, lastId: await lastCommittedId() };
    },

    shared<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = sharedResults.get(key);
      if (hit && hit.until > now) return hit.value as Promise<T>;
      for (const [k, entry] of sharedResults) if (entry.until <= now) sharedResults.delete(k);
      // The one result every subscriber sends: encoded once (encoding.ts).
      const value = load().then(markShared);
      sharedResults.set(key, { value, until: now + SHARED_TTL_MS });
      value.catch(() => sharedResults.delete(key));
      return value;
    },
    streamCount() {
      let count = 0;
      for (const set of listeners.values()) count += set.size;
      return count;
    },
    watch(prefix, listener) {
      const watcher = { prefix, listener };
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
  };
}
