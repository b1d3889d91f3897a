import { announcePersonChanged } from '@app/api/server';
import { createTestCommunity } from '@app/api/testing';
import type { Database } from '@app/db';
import { communityMembers, profiles, sessions } from '@app/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fetchMe, signIn, uniqueEmail } from './http.ts';
import { useServer, type ServerFixture } from './server.ts';
import { beforeAll } from 'vitest';

export async function countProfiles(database: Database): Promise<number> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(profiles);
  return row!.n;
}

export async function profileByEmail(database: Database, email: string) {
  const [row] = await database.db.select().from(profiles).where(eq(sql`lower(${profiles.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function sessionRow(database: Database, id: string) {
  const [row] = await database.db.select().from(sessions).where(eq(sessions.id, id));
  return row ?? null;
}

export async function setSessionExpiry(database: Database, id: string, expiresAt: Date): Promise<void> {
  await database.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

/**
 * Closes an account, or opens it again, in the database, announcing it as the close and restore calls
 * do: a process keeps the sessions it read (session-cache.ts) until such an announcement.
 */
export async function setAccountClosed(database: Database, userId: string, closed: boolean): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.update(profiles).set({ closedAt: closed ? sql`now()` : null }).where(eq(profiles.id, userId));
    await announcePersonChanged(tx, userId);
  });
}

export interface SignedInPerson {
  id: string;
  email: string;
  /** The cookie header value `session=…`. */
  cookie: string;
}

/** A person signed in through the real route (on `app`, by default the fixture's), with their id. */
export async function signedInPerson(
  server: ServerFixture,
  { app = server.app, email = uniqueEmail(), name }: { app?: FastifyInstance; email?: string; name?: string } = {},
): Promise<SignedInPerson> {
  const cookie = await signIn(app, email, name ? { name } : {});
  return { id: (await profileByEmail(server.database, email))!.id, email, cookie };
}

/** A signed-in person and a free community they own (as communities.create leaves it). */
export async function ownerOfCommunity(server: ServerFixture) {
  const cookie = await signIn(server.app);
  const userId = (await fetchMe(server.app, cookie)).data!.id;
  const community = await createTestCommunity(server.database, userId);
  return { cookie, userId, communityId: community.id };
}

/**
 * A signed-in owner, member and stranger, and the owner's free community with the member in it.
 * The member signs in on `memberApp` (another server process, say), by default the fixture's app.
 */
export async function ownerMemberStranger(server: ServerFixture, name: string, memberApp: FastifyInstance = server.app) {
  const [ownerCookie, memberCookie, strangerCookie] = [await signIn(server.app), await signIn(memberApp), await signIn(server.app)];
  const owner = (await fetchMe(server.app, ownerCookie)).data!.id;
  const member = (await fetchMe(memberApp, memberCookie)).data!.id;
  const community = await createTestCommunity(server.database, owner, { name: `${name} ${Date.now()}`, membersCount: 2 });
  await server.database.db.insert(communityMembers).values({ communityId: community.id, userId: member, role: 'member', status: 'approved' });
  return { owner, member, ownerCookie, memberCookie, strangerCookie, communityId: community.id };
}

export type OwnerMemberStranger = Awaited<ReturnType<typeof ownerMemberStranger>>;

/** A test file's server (`useServer`) with `ownerMemberStranger`'s people and community, made before its tests. */
export function useOwnerMemberStranger(name: string): OwnerMemberStranger & { server: ServerFixture } {
  const server = useServer();
  const scene = { server } as OwnerMemberStranger & { server: ServerFixture };
  beforeAll(async () => {
    Object.assign(scene, await ownerMemberStranger(server, name));
  });
  return scene;
}

/** Counts the session lookups `app` makes from now on (the first work of a request that is let through): `.count`. */
export function countSessionLookups(app: FastifyInstance): { count: number } {
  const lookups = { count: 0 };
  const validate = app.lucia.validateSession.bind(app.lucia);
  app.lucia.validateSession = (id: string) => {
    lookups.count += 1;
    return validate(id);
  };
  return lookups;
}
