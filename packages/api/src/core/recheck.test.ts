import { communityMembers, sessions } from '@app/db/schema';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessionActivity } from '../platform/auth/session.ts';
import { createRevalidator } from '../platform/live/revalidator.ts';
import { countingDb, createTestUser, createTestWorld, useTestDatabase } from '../testing/index.ts';
import { stillAllowed, type ScopedRule } from './access.ts';
import { stillAllowedInCommunity } from './recheck.ts';

const scene = useTestDatabase();

const RULES: ScopedRule[] = ['member', 'moderator', 'community-admin', 'owner'];

describe("the live subscriptions' re-checks, asked together", () => {
  it('answer every standing in a community, and every chat between two of its people, as `stillAllowed` does, in one statement for all of them', async () => {
    const world = await createTestWorld(scene.database);
    const { people } = world;
    const communityId = world.community.id;
    const moderator = await createTestUser(scene.database);
    await scene.database.db.insert(communityMembers).values({ communityId, userId: moderator, role: 'moderator', status: 'approved' });
    const everyone = [people.owner, people.member, people.applicant, people.removed, people.stranger, moderator];
    type Asked = { communityId: string; userId: string; rule: ScopedRule; peerId?: string };
    const asked: Asked[] = [
      ...RULES.flatMap((rule) => everyone.map((userId) => ({ communityId, userId, rule }))),
      // A chat between each two of them (a conversation's re-check names the other person).
      ...everyone.flatMap((userId) => everyone.map((peerId) => ({ communityId, userId, rule: 'chat-pair' as const, peerId }))),
      // A community that is not there, and ids that are not ids.
      { communityId: randomUUID(), userId: people.member, rule: 'member' },
      { communityId: 'not-an-id', userId: people.member, rule: 'member' },
      { communityId, userId: people.member, rule: 'chat-pair', peerId: 'not-an-id' },
    ];
    const expected = await Promise.all(asked.map((a) => stillAllowed(scene.database.db, { communityId: a.communityId, userId: a.peerId }, a.userId, a.rule)));
    // The sanity of the expectation itself: the owner passes every rule, the stranger none; the
    // member may chat with the owner, themselves with nobody.
    expect(expected.slice(0, everyone.length)).toEqual([true, true, false, false, false, true]);
    const chat = (userId: string, peerId: string) => expected[asked.findIndex((a) => a.rule === 'chat-pair' && a.userId === userId && a.peerId === peerId)];
    expect([chat(people.member, people.owner), chat(people.member, people.member), chat(people.member, people.stranger), chat(people.removed, people.member)]).toEqual([true, false, false, false]);

    const counted = countingDb(scene.database);
    const answers = await Promise.all(asked.map((a) => stillAllowedInCommunity(counted.db, a.communityId, a.userId, a.rule, a.peerId ?? null)));
    expect(answers).toEqual(expected);
    expect(counted.statements()).toBe(1);
  });

  it("read the sessions of one round's checks in one statement, each answered for itself", async () => {
    const userId = await createTestUser(scene.database);
    const ids = Array.from({ length: 40 }, (_, n) => `recheck-${n}-${randomUUID()}`);
    const day = 86_400_000;
    await scene.database.db.insert(sessions).values(
      // Every fourth session has expired.
      ids.map((id, n) => ({ id, userId, expiresAt: new Date(Date.now() + (n % 4 === 3 ? -day : day)) })),
    );
    const counted = countingDb(scene.database);
    const active = sessionActivity(counted.db);
    const answers = await Promise.all([...ids, 'no-such-session'].map((id) => active(id)));
    expect(answers).toEqual([...ids.map((_, n) => n % 4 !== 3), false]);
    expect(counted.statements()).toBe(1);
    // One session alone is its own indexed read, as before.
    expect(await active('another-unknown-session')).toBe(false);
    expect(counted.statements()).toBe(2);
  });

  it('make a round of 600 members on their feeds four statements (two batches of 500 at most), not 1,200', async () => {
    const world = await createTestWorld(scene.database);
    const communityId = world.community.id;
    const members = await Promise.all(Array.from({ length: 600 }, () => createTestUser(scene.database)));
    await scene.database.db.insert(communityMembers).values(members.map((userId) => ({ communityId, userId, role: 'member' as const, status: 'approved' as const })));
    const day = 86_400_000;
    await scene.database.db.insert(sessions).values(members.map((userId) => ({ id: `feed-${userId}`, userId, expiresAt: new Date(Date.now() + day) })));
    // Since their subscriptions started, one member was removed and one signed out.
    const [removed, signedOut] = members;
    await scene.database.db.delete(communityMembers).where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, removed!)));
    await scene.database.db.delete(sessions).where(eq(sessions.id, `feed-${signedOut}`));

    const counted = countingDb(scene.database);
    // Nothing kept between rounds: each round reads every session again.
    const active = sessionActivity(counted.db, 0);
    const revalidator = createRevalidator(20, 500);
    const denied = new Set<string>();
    let checks = 0;
    let finished = 0;
    const stops = members.map((userId) =>
      revalidator.add(
        `feed-${userId}|member:${communityId}:${userId}`,
        async () => {
          checks += 1;
          try {
            return (await active(`feed-${userId}`)) && (await stillAllowedInCommunity(counted.db, communityId, userId, 'member'));
          } finally {
            finished += 1;
          }
        },
        () => denied.add(userId),
      ),
    );
    await vi.waitFor(() => expect(denied.size).toBe(2), { timeout: 10_000 });
    for (const stop of stops) stop();
    // A round under way when they stopped runs to its end.
    await vi.waitFor(() => expect([finished % members.length, finished]).toEqual([0, checks]));
    expect([...denied].sort()).toEqual([removed!, signedOut!].sort());
    const rounds = checks / members.length;
    expect(rounds).toBeGreaterThanOrEqual(1);
    // Each round: the first 500's sessions in one read, their standing in another; then the last 100's.
    expect(counted.statements()).toBe(rounds * 4);
  });
});
