import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import { profiles, sessions } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { Lucia } from 'lucia';
import { describe, expect, it } from 'vitest';
import { createTestUser, useTestDatabase } from '../../testing/index.ts';
import { createLucia, SessionAdapter } from './lucia.ts';

const scene = useTestDatabase();
const DAY_MS = 86_400_000;
const options = { secureCookies: false, sessionDays: 30 };

/** A lucia over the drizzle adapter alone, set up as createLucia's: what SessionAdapter must answer alike. */
function drizzleLucia() {
  return new Lucia(new DrizzlePostgreSQLAdapter(scene.database.db as never, sessions, profiles), {
    getUserAttributes: (row) => ({ username: row.username, email: row.email, interfaceLanguage: row.interfaceLanguage, closedAt: row.closedAt }),
  });
}

async function sessionFor(email: string, expiresInMs: number) {
  const userId = await createTestUser(scene.database, { email });
  const id = `session-${userId}`;
  await scene.database.db.insert(sessions).values({ id, userId, expiresAt: new Date(Date.now() + expiresInMs) });
  return { id, userId };
}

describe('the session store', () => {
  it("reads a session and its person's four attributes in one statement, as the drizzle adapter did", async () => {
    const { id, userId } = await sessionFor('read@example.com', 20 * DAY_MS);
    await scene.database.db.update(profiles).set({ interfaceLanguage: 'ar', bio: 'Not carried by the session.' }).where(eq(profiles.id, userId));
    const [session, user] = await new SessionAdapter(scene.database.db).getSessionAndUser(id);
    expect(session).toEqual({ id, userId, expiresAt: expect.any(Date), attributes: {} });
    expect(user).toEqual({ id: userId, attributes: { username: expect.any(String), email: 'read@example.com', interfaceLanguage: 'ar', closedAt: null } });

    const ours = await createLucia(scene.database.db, options).validateSession(id);
    const theirs = await drizzleLucia().validateSession(id);
    expect(ours).toEqual(theirs);
    expect(ours.user).toMatchObject({ id: userId, email: 'read@example.com', interfaceLanguage: 'ar', closedAt: null });
  });

  it('answers an unknown session as none, ends an expired one, and renews one past half its life', async () => {
    const lucia = createLucia(scene.database.db, options);
    expect(await new SessionAdapter(scene.database.db).getSessionAndUser('no-such-session')).toEqual([null, null]);
    expect(await lucia.validateSession('no-such-session')).toEqual({ session: null, user: null });

    const expired = await sessionFor('expired@example.com', -1_000);
    expect(await lucia.validateSession(expired.id)).toEqual({ session: null, user: null });
    expect(await scene.database.db.select().from(sessions).where(eq(sessions.id, expired.id))).toEqual([]);

    // 30-day sessions are renewed once less than 15 days are left.
    const old = await sessionFor('renewed@example.com', 10 * DAY_MS);
    const { session } = await lucia.validateSession(old.id);
    expect(session?.fresh).toBe(true);
    const [row] = await scene.database.db.select().from(sessions).where(eq(sessions.id, old.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it("creates, lists and ends a person's sessions through lucia", async () => {
    const lucia = createLucia(scene.database.db, options);
    const userId = await createTestUser(scene.database, { email: 'many@example.com' });
    const [first, second] = [await lucia.createSession(userId, {}), await lucia.createSession(userId, {})];
    expect((await lucia.getUserSessions(userId)).map((session) => session.id).sort()).toEqual([first.id, second.id].sort());
    await lucia.invalidateSession(first.id);
    expect((await lucia.validateSession(first.id)).session).toBeNull();
    expect((await lucia.validateSession(second.id)).user?.id).toBe(userId);
    await lucia.invalidateUserSessions(userId);
    expect(await lucia.getUserSessions(userId)).toEqual([]);
  });
});
