import { EventEmitter, on } from 'node:events';
import type { Database } from '@app/db';
import { liveEvents } from '@app/db/schema';
import { and, asc, eq, gt, gte, inArray, notInArray, or, sql } from 'drizzle-orm';
import superjson, { type SuperJSONResult } from 'superjson';
import { REPLAY_WINDOW_MS } from './prune.ts';
import { LIVE_CHANNEL } from './publish.ts';
import type { AnyEvent, Topic } from './topic.ts';
import { createRevalidator } from './revalidator.ts';

/** A committed event, as subscribers get it: its id (what a reconnecting client sends back) and the event. */
export interface LiveEvent<E extends AnyEvent = AnyEvent> {
  id: number;
  topic: string;
  event: E;
  createdAt: Date;
}

/** The most missed events a reconnecting client is sent; when it missed more, it refetches instead. */
export const BACKLOG_LIMIT = 500;

/**
 * What a reconnecting client is sent: the events it missed, or `reset` when it asks from further
 * back than the replay window (or from an id it never saw): it refetches, and resumes after `lastId`.
 */
export type Replay<E extends AnyEvent> = { events: LiveEvent<E>[] } | { reset: true; lastId: number };

export interface LiveBusOptions {
  onError?: (error: unknown) => void;
  /** How often a live subscription re-checks that its subscriber may still receive it. */
  revalidateMs?: number;
}

export interface LiveBus {
  readonly revalidateMs: number;
  /** LISTENs on the database (once, however often it is called); events committed by any server process then reach `stream`. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The topic's events as they commit, from the call on, until `signal` aborts. */
  stream<E extends AnyEvent>(topic: Topic<E>, signal: AbortSignal): AsyncIterable<LiveEvent<E>>;
  /**
   * What a reconnecting client missed: the topic's events after `afterId`, oldest first, when
   * `afterId` names an event of this topic within the replay window and fewer than BACKLOG_LIMIT
   * followed; otherwise a reset. History is never paged through a subscription.
   */
  replay<E extends AnyEvent>(topic: Topic<E>, afterId: number): Promise<Replay<E>>;
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
}

/** How many handed-out ids a bus remembers: more than one catch-up reads. */
const HANDED_OUT_KEPT = 2 * BACKLOG_LIMIT;

/** How long the bus waits to read again after a read failed (the database restarting, say). */
const RETRY_MS = 1_000;

/** How long a shared result is reused: long enough for one event's fan-out, short enough never to serve stale text. */
const SHARED_TTL_MS = 2_000;

const columns = { id: liveEvents.id, topic: liveEvents.topic, payload: liveEvents.payload, createdAt: liveEvents.createdAt };
/** A stored event as `columns` reads it. */
type EventRow = { id: number; topic: string; payload: unknown; createdAt: Date };

/**
 * The stored event, read back. `publish` only accepts the events a topic declares, so what a
 * topic's row holds is of that topic's type: this is the one place that trusts it.
 */
function toLiveEvent<E extends AnyEvent>(row: EventRow): LiveEvent<E> {
  return { id: row.id, topic: row.topic, event: superjson.deserialize<E>(row.payload as SuperJSONResult), createdAt: row.createdAt };
}

/**
 * One LISTEN connection per process: a notification carries an event id, the row is read once
 * and handed to every local subscriber of its topic (an EventEmitter per process, one event name
 * per topic). Notifications that arrive together are read in one query.
 */
export function createLiveBus(database: Database, { onError = () => {}, revalidateMs = 15_000 }: LiveBusOptions = {}): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const sharedResults = new Map<string, { value: Promise<unknown>; until: number }>();
  const revalidator = createRevalidator(revalidateMs);
  let unlisten: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;
  let pending: number[] = [];
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

  function handOut(row: EventRow) {
    if (handedOut.has(row.id)) return;
    handedOut.add(row.id);
    if (handedOut.size > HANDED_OUT_KEPT) {
      const oldest = handedOut.values().next().value!;
      handedOut.delete(oldest);
      floor = Math.max(floor, oldest);
    }
    emitter.emit(row.topic, toLiveEvent(row));
  }

  async function flush() {
    while (pending.length > 0 || catchUp) {
      const ids = pending;
      pending = [];
      const missed = catchUp;
      catchUp = false;
      const notified = inArray(liveEvents.id, ids.length ? ids : [0]);
      const notHandedOut = handedOut.size ? notInArray(liveEvents.id, [...handedOut]) : undefined;
      const rows = await database.db
        .select(columns)
        .from(liveEvents)
        .where(missed ? or(notified, and(gt(liveEvents.id, floor), notHandedOut)) : notified)
        .orderBy(asc(liveEvents.id))
        .limit(missed ? BACKLOG_LIMIT + ids.length : ids.length);
      for (const row of rows) handOut(row);
      // More was missed than one read takes: the next reads on from here.
      if (missed && rows.length === BACKLOG_LIMIT + ids.length) catchUp = true;
    }
  }

  /** Reads what is pending unless a read is under way; that one picks up ids that arrive meanwhile. */
  function schedule() {
    if (flushing || retry || (pending.length === 0 && !catchUp)) return;
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
    const id = Number(payload);
    if (!Number.isSafeInteger(id)) return;
    pending.push(id);
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
        const [row] = await database.db.select({ max: sql<number | null>`max(${liveEvents.id})` }).from(liveEvents);
        floor = Math.max(floor, Number(row?.max ?? 0));
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
    stream<E extends AnyEvent>(topic: Topic<E>, signal: AbortSignal) {
      // Ended already (the client left while its subscription was starting): `on` would throw an AbortError.
      const events = signal.aborted ? null : on(emitter, topic, { signal });
      return {
        async *[Symbol.asyncIterator]() {
          if (!events) return;
          try {
            for await (const [event] of events) yield event as LiveEvent<E>;
          } catch (error) {
            if (!signal.aborted) throw error;
          }
        },
      };
    },
    async replay<E extends AnyEvent>(topic: Topic<E>, afterId: number): Promise<Replay<E>> {
      const inWindow = gte(liveEvents.createdAt, sql`now() - make_interval(secs => ${REPLAY_WINDOW_MS / 1000})`);
      const [anchor] = await database.db
        .select({ id: liveEvents.id })
        .from(liveEvents)
        .where(and(eq(liveEvents.id, afterId), eq(liveEvents.topic, topic), inWindow));
      const rows = anchor
        ? await database.db
            .select(columns)
            .from(liveEvents)
            .where(and(eq(liveEvents.topic, topic), gt(liveEvents.id, afterId), inWindow))
            .orderBy(asc(liveEvents.id))
            .limit(BACKLOG_LIMIT + 1)
        : [];
      if (anchor && rows.length <= BACKLOG_LIMIT) return { events: rows.map((row) => toLiveEvent<E>(row)) };
      const [latest] = await database.db.select({ max: sql<number | null>`max(${liveEvents.id})` }).from(liveEvents);
      return { reset: true, lastId: Number(latest?.max ?? 0) };
    },
    shared<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = sharedResults.get(key);
      if (hit && hit.until > now) return hit.value as Promise<T>;
      for (const [k, entry] of sharedResults) if (entry.until <= now) sharedResults.delete(k);
      const value = load();
      sharedResults.set(key, { value, until: now + SHARED_TTL_MS });
      value.catch(() => sharedResults.delete(key));
      return value;
    },
    streamCount() {
      return emitter.eventNames().reduce((sum, name) => sum + emitter.listenerCount(name), 0);
    },
  };
}
