import { createHash } from 'node:crypto';
import type { Db, Queryable } from '@app/db';
import { sessions } from '@app/db/schema';
import { and, eq, gt, sql } from 'drizzle-orm';
import { publish } from '../live/publish.ts';
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

/** Whether the session still stands: one indexed read, without renewing it (calls over a WebSocket ask it each time). */
export async function isSessionActive(db: Queryable, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`)));
  return row !== undefined;
}
