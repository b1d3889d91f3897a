import { createHash } from 'node:crypto';
import { preparedPerHandle, type Db, type Queryable } from '@app/db';
import { sessions } from '@app/db/schema';
import { and, eq, gt, sql } from 'drizzle-orm';
import { publish, publishToMany } from '../live/publish.ts';
import { sessionEventsTopic } from './events.ts';

/** The topic a session's end is announced on, named by a hash: live events never hold a session id. */
export function sessionTopic(sessionId: string) {
  return sessionEventsTopic(createHash('sha256').update(sessionId).digest('base64url'));
}

/**
 * Ends a session (sign-out, or a new sign-in in the same browser) and announces it in the same
 * transaction, so every server process ends the subscriptions of the session's open WebSockets.
 */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, sessionId));
    await publish(tx, sessionTopic(sessionId), { type: 'session.ended' });
  });
}

/**
 * Ends every session of a person in the caller's transaction (closing their account), announcing
 * each, so every open page of theirs is signed out; returns how many there were.
 */
export async function endAllSessions(tx: Queryable, userId: string): Promise<number> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await publishToMany(tx, ended.map(({ id }) => sessionTopic(id)), { type: 'session.ended' });
  return ended.length;
}

const activeSessionQuery = preparedPerHandle((db) =>
  db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('active_session'),
);

/** Whether the session still stands: one indexed read, without renewing it (calls over a WebSocket, and live re-checks, ask it each time). */
export async function isSessionActive(db: Queryable, sessionId: string): Promise<boolean> {
  const [row] = await activeSessionQuery(db).execute({ sessionId });
  return row !== undefined;
}

/** Sessions a process keeps the answer for (the oldest answer goes first). */
const KEPT_SESSIONS = 10_000;

/**
 * `isSessionActive` for a whole process, a session found active kept as such for `keepMs`: a
 * member's open page asks about one session many times a round (the re-checks of the feed's, the
 * inbox's and the bell's subscriptions, every call over the socket), and the database is asked once;
 * checks of one session while its read is on the way share it. Nothing waits on the kept answer to
 * learn of a sign-out: `endSession` announces it on the session's topic, which ends the session of
 * its sockets on every process at once. It only bounds how late an end that is not announced (the
 * session's expiry) is seen.
 */
export function sessionActivity(db: Queryable, keepMs = 5_000, now: () => number = () => performance.now()) {
  const activeAt = new Map<string, number>();
  const reading = new Map<string, Promise<boolean>>();
  async function read(sessionId: string): Promise<boolean> {
    try {
      const active = await isSessionActive(db, sessionId);
      activeAt.delete(sessionId);
      if (active) {
        if (activeAt.size >= KEPT_SESSIONS) activeAt.delete(activeAt.keys().next().value!);
        activeAt.set(sessionId, now());
      }
      return active;
    } finally {
      reading.delete(sessionId);
    }
  }
  return (sessionId: string): Promise<boolean> => {
    const at = activeAt.get(sessionId);
    if (at !== undefined && now() - at < keepMs) return Promise.resolve(true);
    let answer = reading.get(sessionId);
    if (!answer) reading.set(sessionId, (answer = read(sessionId)));
    return answer;
  };
}
