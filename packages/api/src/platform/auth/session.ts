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
