import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import type { Db } from '@app/db';
import { profiles, sessions } from '@app/db/schema';
import { Lucia, TimeSpan } from 'lucia';

export interface AuthOptions {
  /** Secure cookies: on in production and whenever the public URL is https. */
  secureCookies: boolean;
  /** Session lifetime; Lucia renews a session (sliding) once half of it has passed. */
  sessionDays: number;
}

export const SESSION_COOKIE = 'session';

export function createLucia(db: Db, options: AuthOptions) {
  // The adapter's table types are looser than our schema's; the columns it needs (id, user_id, expires_at) match.
  const adapter = new DrizzlePostgreSQLAdapter(db as never, sessions, profiles);
  return new Lucia(adapter, {
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
