import { EventEmitter, on } from 'node:events';
import type { Database } from '@app/db';
import { liveEvents } from '@app/db/schema';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import superjson, { type SuperJSONResult } from 'superjson';
import { LIVE_CHANNEL } from './publish.ts';
import type { AnyEvent, Topic } from './topics.ts';

/** A committed event, as subscribers get it: its id (what a reconnecting client sends back) and the event. */
export interface LiveEvent<E extends AnyEvent = AnyEvent> {
  id: number;
  topic: string;
  event: E;
  createdAt: Date;
}

/** The most missed events a reconnecting client is sent; older ones are gone (it reloads instead). */
export const BACKLOG_LIMIT = 500;

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
  /** The topic's events after `afterId`, oldest first (what a reconnecting client missed). */
  backlog<E extends AnyEvent>(topic: Topic<E>, afterId: number): Promise<LiveEvent<E>[]>;
}

const columns = { id: liveEvents.id, topic: liveEvents.topic, payload: liveEvents.payload, createdAt: liveEvents.createdAt };

/**
 * The stored event, read back. `publish` only accepts the events a topic declares, so what a
 * topic's row holds is of that topic's type: this is the one place that trusts it.
 */
function toLiveEvent<E extends AnyEvent>(row: { id: number; topic: string; payload: unknown; createdAt: Date }): LiveEvent<E> {
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
  let unlisten: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;
  let pending: number[] = [];
  let flushing: Promise<void> | null = null;
  /** The highest id handed out; after a reconnect, what came after it is read and handed out. */
  let highest = 0;
  let catchUp = false;

  async function flush() {
    while (pending.length > 0 || catchUp) {
      const ids = pending;
      pending = [];
      const reconnected = catchUp;
      catchUp = false;
      const rows = await database.db
        .select(columns)
        .from(liveEvents)
        .where(reconnected ? or(inArray(liveEvents.id, ids.length ? ids : [0]), gt(liveEvents.id, highest)) : inArray(liveEvents.id, ids))
        .orderBy(asc(liveEvents.id))
        .limit(reconnected ? BACKLOG_LIMIT : ids.length);
      for (const row of rows) {
        highest = Math.max(highest, row.id);
        emitter.emit(row.topic, toLiveEvent(row));
      }
    }
  }

  /** Reads what is pending unless a read is under way; that one picks up ids that arrive meanwhile. */
  function schedule() {
    if (flushing || (pending.length === 0 && !catchUp)) return;
    flushing = flush()
      .catch(onError)
      .finally(() => {
        flushing = null;
        schedule();
      });
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
        highest = Math.max(highest, Number(row?.max ?? 0));
      });
      return starting;
    },
    async stop() {
      await starting?.catch(() => undefined);
      const stop = unlisten;
      unlisten = null;
      starting = null;
      await stop?.();
      await flushing;
    },
    stream<E extends AnyEvent>(topic: Topic<E>, signal: AbortSignal) {
      const events = on(emitter, topic, { signal });
      return {
        async *[Symbol.asyncIterator]() {
          try {
            for await (const [event] of events) yield event as LiveEvent<E>;
          } catch (error) {
            if (!signal.aborted) throw error;
          }
        },
      };
    },
    async backlog<E extends AnyEvent>(topic: Topic<E>, afterId: number) {
      const rows = await database.db
        .select(columns)
        .from(liveEvents)
        .where(and(eq(liveEvents.topic, topic), gt(liveEvents.id, afterId)))
        .orderBy(asc(liveEvents.id))
        .limit(BACKLOG_LIMIT);
      return rows.map((row) => toLiveEvent<E>(row));
    },
  };
}
