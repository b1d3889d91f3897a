import { preparedPerHandle, type Db, type Queryable } from '@app/db';
import { sessions } from '@app/db/schema';
import DataLoader from 'dataloader';
import { and, eq, gt, sql } from 'drizzle-orm';
import { publish, publishToMany } from '../live/publish.ts';
import { PERSON_CHANGED, personEventsTopic, SESSION_ENDED, sessionEventsTopic } from './events.ts';
import { forgetPersonHere, forgetSessionHere, sessionHash } from './session-cache.ts';

/** The topic a session's end is announced on, named by a hash: live events never hold a session id. */
export function sessionTopic(sessionId: string) {
  return sessionEventsTopic(sessionHash(sessionId));
}

/**
 * Ends a session (sign-out, or a new sign-in in the same browser) and announces it in the same
 * transaction, so every server process ends the subscriptions of the session's open WebSockets.
 */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, sessionId));
    await publish(tx, sessionTopic(sessionId), { type: SESSION_ENDED });
  });
  forgetSessionHere(sessionId);
}

/**
 * Ends every session of a person in the caller's transaction (closing their account), announcing
 * each, so every open page of theirs is signed out; returns how many there were.
 */
export async function endAllSessions(tx: Queryable, userId: string): Promise<number> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await publishToMany(tx, ended.map(({ id }) => sessionTopic(id)), { type: SESSION_ENDED });
  forgetPersonHere(userId);
  return ended.length;
}

/**
 * Announces, in the caller's transaction, that what a person's sessions carry of them changed
 * (username, interface language, a closed account restored): every process forgets their kept
 * sessions (session-cache.ts), this one at once.
 */
export async function announcePersonChanged(tx: Queryable, userId: string): Promise<void> {
  await publish(tx, personEventsTopic(userId), { type: PERSON_CHANGED });
  forgetPersonHere(userId);
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

const activeSessionsQuery = preparedPerHandle((db) =>
  db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(sql`${sessions.id} in (select jsonb_array_elements_text(${sql.placeholder('ids')}::text::jsonb))`, gt(sessions.expiresAt, sql`now()`)))
    .prepare('active_sessions'),
);

/** Which of `sessionIds` still stand, in one read. */
export async function activeSessions(db: Queryable, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 1) return new Set((await isSessionActive(db, sessionIds[0]!)) ? sessionIds : []);
  const rows = await activeSessionsQuery(db).execute({ ids: JSON.stringify(sessionIds) });
  return new Set(rows.map((row) => row.id));
}

/** Sessions asked about in one read at most. */
const MOST_PER_READ = 1000;

/** Sessions a process keeps the answer for (the oldest answer goes first). */
const KEPT_SESSIONS = 10_000;

/**
 * `isSessionActive` for a whole process, a session found active kept as such for `keepMs`: a
 * member's open page asks about one session many times a round (the re-checks of the feed's, the
 * inbox's and the bell's subscriptions, every call over the socket), and the database is asked once;
 * checks of one session while its read is on the way share it. Nothing waits on the kept answer to
 * learn of a sign-out: `endSession` announces it on the session's topic, which ends the session of
 * its sockets on every process at once. It only bounds how late an end that is not announced (the
 * session's expiry) is seen. Sessions asked about within one tick (a round of re-checks,
 * revalidator.ts) are read together, in one statement.
 */
export function sessionActivity(db: Queryable, keepMs = 5_000, now: () => number = () => performance.now()) {
  const activeAt = new Map<string, number>();
  const reading = new Map<string, Promise<boolean>>();
  const loader = new DataLoader<string, boolean>(
    async (ids) => {
      const active = await activeSessions(db, ids);
      return ids.map((id) => active.has(id));
    },
    { cache: false, maxBatchSize: MOST_PER_READ },
  );
  async function read(sessionId: string): Promise<boolean> {
    try {
      const active = await loader.load(sessionId);
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
