import type { Database } from '@app/db';
import { liveEvents } from '@app/db/schema';
import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import { REPLAY_WINDOW_MS } from './prune.ts';

/** The most missed events a reconnecting client is sent; when it missed more, it refetches instead. */
export const BACKLOG_LIMIT = 500;

/** A stored event as the bus reads it. */
export type EventRow = { id: number; topic: string; payload: unknown; createdAt: Date };
export const eventColumns = { id: liveEvents.id, topic: liveEvents.topic, payload: liveEvents.payload, createdAt: liveEvents.createdAt };

/**
 * What a reconnecting client missed after `afterId` (oldest first), or `reset` when that is not
 * known here: it refetches, and resumes after `lastId` (the last event committed).
 */
export type Missed<T> = { events: T[] } | { reset: true; lastId: number };

type Waiting<T> = { afterId: number; resolve: (missed: Missed<T>) => void; reject: (error: unknown) => void };

/** Whether an event is still within the replay window. */
export const inReplayWindow = () => gte(liveEvents.createdAt, sql`now() - make_interval(secs => ${REPLAY_WINDOW_MS / 1000})`);

/**
 * What reconnecting subscribers missed, read a topic at a time. A replay asked for while another of
 * its topic is being read waits for that read to end, and all that waited are then read together, in
 * one query from the earliest of their positions: when a process goes away its sockets resume on
 * another at once, a thousand of them on one community's feed, and each read alone (two queries) made
 * the pool of the process they landed on queue for seconds. A read starts only after each replay in it
 * was asked for, so it sees what committed before (the subscriber listens first, then asks). Each row
 * is made an event once (`toEvent`) for all the subscribers it is sent to, and the last event
 * committed read once for all those given a reset.
 */
export function createReplayReader<T>(database: Database, toEvent: (row: EventRow) => T, lastCommittedId: () => Promise<number>) {
  const topics = new Map<string, Array<Waiting<T>>>();

  /** The topic's events after `afterId` and within the window, when `afterId` names one of its events there; `reset` else. */
  async function readAlone(topic: string, afterId: number, reset: () => Promise<Missed<T>>): Promise<Missed<T>> {
    const [anchor] = await database.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(and(eq(liveEvents.id, afterId), eq(liveEvents.topic, topic), inReplayWindow()));
    if (!anchor) return reset();
    const rows = await database.db
      .select(eventColumns)
      .from(liveEvents)
      .where(and(eq(liveEvents.topic, topic), gt(liveEvents.id, afterId), inReplayWindow()))
      .orderBy(asc(liveEvents.id))
      .limit(BACKLOG_LIMIT + 1);
    return rows.length <= BACKLOG_LIMIT ? { events: rows.map(toEvent) } : reset();
  }

  /**
   * Each position's missed events, from one read of the topic from the earliest (a lone position's
   * too: one query), and the read alone where that one cannot tell.
   */
  async function readTogether(topic: string, afterIds: number[]): Promise<Array<Missed<T>>> {
    let resetOnce: Promise<Missed<T>> | undefined;
    const reset = () => (resetOnce ??= lastCommittedId().then((lastId) => ({ reset: true, lastId })));
    const rows = await database.db
      .select(eventColumns)
      .from(liveEvents)
      .where(and(eq(liveEvents.topic, topic), gte(liveEvents.id, Math.min(...afterIds)), inReplayWindow()))
      .orderBy(asc(liveEvents.id))
      .limit(BACKLOG_LIMIT + 2);
    // Fewer than asked for: every event of the topic from the earliest position on is here.
    const whole = rows.length < BACKLOG_LIMIT + 2;
    const events = rows.map(toEvent);
    const indexOf = new Map(rows.map((row, index) => [row.id, index]));
    const last = rows.at(-1)?.id ?? -1;
    return Promise.all(
      afterIds.map((afterId): Missed<T> | Promise<Missed<T>> => {
        const at = indexOf.get(afterId);
        if (at === undefined) return whole || afterId < last ? reset() : readAlone(topic, afterId, reset);
        if (events.length - at - 1 > BACKLOG_LIMIT) return reset();
        return whole ? { events: events.slice(at + 1) } : readAlone(topic, afterId, reset);
      }),
    );
  }

  async function readQueued(topic: string, queue: Array<Waiting<T>>) {
    while (queue.length > 0) {
      const batch = queue.splice(0);
      try {
        const missed = await readTogether(topic, batch.map((waiting) => waiting.afterId));
        batch.forEach((waiting, i) => waiting.resolve(missed[i]!));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    topics.delete(topic);
  }

  return (topic: string, afterId: number): Promise<Missed<T>> =>
    new Promise((resolve, reject) => {
      const queue = topics.get(topic);
      if (queue) return void queue.push({ afterId, resolve, reject });
      const started: Array<Waiting<T>> = [{ afterId, resolve, reject }];
      topics.set(topic, started);
      void readQueued(topic, started);
    });
}
