import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import { preparedPerHandle, type Db } from '@app/db';
import { profiles, sessions } from '@app/db/schema';
import { eq, sql } from 'drizzle-orm';
import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import type { SessionCache } from './session-cache.ts';

export interface AuthOptions {
  /** Secure cookies: on in production and whenever the public URL is https. */
  secureCookies: boolean;
  /** Session lifetime; Lucia renews a session (sliding) once half of it has passed. */
  sessionDays: number;
  /** The sessions this process read lately (session-cache.ts); without it every request reads its session. */
  cache?: SessionCache;
}

export const SESSION_COOKIE = 'session';

/**
 * A request's session and the few columns of its person that the session carries (lucia's
 * `DatabaseUserAttributes` below), in one prepared statement: every request with a session cookie
 * and every WebSocket upgrade reads it. The drizzle adapter built its SQL for every call and read the
 * person's whole profile row (bio, links and all) to keep four columns of it.
 */
const sessionAndUser = preparedPerHandle((db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      username: profiles.username,
      email: profiles.email,
      interfaceLanguage: profiles.interfaceLanguage,
      closedAt: profiles.closedAt,
    })
    .from(sessions)
    .innerJoin(profiles, eq(sessions.userId, profiles.id))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('session_and_user'),
);

/** Lucia's store of sessions: the drizzle adapter's, but for the read every request makes (above). */
export class SessionAdapter implements Adapter {
  readonly #db: Db;
  readonly #drizzle: DrizzlePostgreSQLAdapter;
  readonly #cache: SessionCache | undefined;

  constructor(db: Db, cache?: SessionCache) {
    this.#db = db;
    this.#cache = cache;
    // The adapter's table types are looser than our schema's; the columns it needs (id, user_id, expires_at) match.
    this.#drizzle = new DrizzlePostgreSQLAdapter(db as never, sessions, profiles);
  }

  async getSessionAndUser(sessionId: string): Promise<[session: DatabaseSession | null, user: DatabaseUser | null]> {
    const read = async () => (await sessionAndUser(this.#db).execute({ sessionId }))[0];
    const row = this.#cache ? await this.#cache.read(sessionId, read) : await read();
    if (!row) return [null, null];
    const { id, userId, expiresAt, ...attributes } = row;
    return [{ id, userId, expiresAt, attributes: {} }, { id: userId, attributes }];
  }

  getUserSessions(userId: string): Promise<DatabaseSession[]> {
    return this.#drizzle.getUserSessions(userId);
  }

  setSession(session: DatabaseSession): Promise<void> {
    return this.#drizzle.setSession(session);
  }

  async updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    await this.#drizzle.updateSessionExpiration(sessionId, expiresAt);
    this.#cache?.renewed(sessionId, expiresAt);
  }

  async deleteSession(sessionId: string): Promise<void> {
    this.#cache?.forget(sessionId);
    await this.#drizzle.deleteSession(sessionId);
  }

  async deleteUserSessions(userId: string): Promise<void> {
    this.#cache?.forgetPerson(userId);
    await this.#drizzle.deleteUserSessions(userId);
  }

  deleteExpiredSessions(): Promise<void> {
    return this.#drizzle.deleteExpiredSessions();
  }
}

export function createLucia(db: Db, options: AuthOptions) {
  return new Lucia(new SessionAdapter(db, options.cache), {
    sessionExpiresIn: new TimeSpan(options.sessionDays, 'd'),
    sessionCookie: {
      name: SESSION_COOKIE,
      expires: true,
      attributes: { secure: options.secureCookies, sameSite: 'lax', path: '/' },
    },
    getUserAttributes: (row) => ({ username: row.username, email: row.email, interfaceLanguage: row.interfaceLanguage, closedAt: row.closedAt }),
  });
}

export type Auth = ReturnType<typeof createLucia>;

declare module 'lucia' {
  interface Register {
    Lucia: Auth;
    /** interfaceLanguage: the language e-mails are written in, kept in line with the `lang` cookie (session plugin). */
    /** closedAt: 'Delete my account' closed it; only restoring (deletion.restore) is open to it. */
    DatabaseUserAttributes: { username: string; email: string; interfaceLanguage: string | null; closedAt: Date | null };
  }
}
