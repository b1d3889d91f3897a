import { communityMembers } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { POST_MESSAGES } from '@app/shared/posts';
import { capabilitiesOf, ROLE_MESSAGES } from '@app/shared/roles';
import { and, eq } from 'drizzle-orm';
import type { UpdateCommunityInput } from '@app/shared/communities';
import { beforeAll, describe, expect, it } from 'vitest';
import { addTestStaff, callerFor, createTestPeople, createTestStaff, createTestWorld, type TestPeople, type TestStaff, useTestDatabase } from '../testing/index.ts';
import { VALID_INPUTS } from '../testing/security/valid-inputs.ts';
import { testSubscription } from '../testing/subscriptions.ts';

const scene = useTestDatabase();
let people: TestPeople & TestStaff;
beforeAll(async () => {
  people = { ...(await createTestPeople(scene.database)), ...(await createTestStaff(scene.database)) };
}, 60_000);

/** A private community with a member, an applicant, a moderator and an admin (named by the owner). */
const world = async () => addTestStaff(scene.database, await createTestWorld(scene.database, people), people);
const as = (userId: string) => callerFor(scene.database, userId).membership;

async function roleOf(communityId: string, userId: string) {
  const [row] = await scene.database.db
    .select({ role: communityMembers.role })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
  return row?.role ?? null;
}

describe('naming roles', () => {
  it('the owner names admins and moderators and takes the role back; the members list and status say so', async () => {
    const w = await world();
    const communityId = w.community.id;
    expect(await as(w.owner).setRole({ communityId, userId: w.member, role: 'admin' })).toEqual({ userId: w.member, role: 'admin' });
    expect(await as(w.member).status({ communityId })).toEqual({ status: 'approved', role: 'admin', can: capabilitiesOf('admin'), askAgainAt: null });
    const { approved } = await as(w.other).members({ communityId });
    expect(Object.fromEntries(approved.map((m) => [m.userId, m.role]))).toMatchObject({ [w.owner]: 'owner', [w.member]: 'admin', [w.moderator]: 'moderator', [w.admin]: 'admin', [w.other]: 'member' });
    await as(w.owner).setRole({ communityId, userId: w.member, role: 'member' });
    expect(await as(w.member).status({ communityId })).toEqual({ status: 'approved', role: 'member', can: capabilitiesOf('member'), askAgainAt: null });
    expect(capabilitiesOf('moderator')).toEqual({ moderate: true, administer: false, own: false, assignRoles: false });
    expect(await as(w.moderator).status({ communityId })).toMatchObject({ can: { moderate: true, administer: false, own: false } });
    expect(await as(w.admin).status({ communityId })).toMatchObject({ can: { moderate: true, administer: true, own: false, assignRoles: true } });
    expect(await as(w.owner).status({ communityId })).toMatchObject({ can: { moderate: true, administer: true, own: true } });
    expect(await as(w.applicant).status({ communityId })).toMatchObject({ status: 'pending', can: capabilitiesOf(null) });
  });

  it('an admin names moderators only; nobody changes the owner, an equal or themselves', async () => {
    const w = await world();
    const communityId = w.community.id;
    const refused = { code: 'FORBIDDEN', message: ROLE_MESSAGES.notAllowed };
    await as(w.admin).setRole({ communityId, userId: w.member, role: 'moderator' });
    expect(await roleOf(communityId, w.member)).toBe('moderator');
    await as(w.admin).setRole({ communityId, userId: w.member, role: 'member' });
    await expect(as(w.admin).setRole({ communityId, userId: w.member, role: 'admin' })).rejects.toMatchObject(refused);
    await expect(as(w.admin).setRole({ communityId, userId: w.moderator, role: 'admin' })).rejects.toMatchObject(refused);
    await as(w.owner).setRole({ communityId, userId: w.other, role: 'admin' });
    await expect(as(w.admin).setRole({ communityId, userId: w.other, role: 'member' })).rejects.toMatchObject(refused);
    await expect(as(w.admin).setRole({ communityId, userId: w.owner, role: 'member' })).rejects.toMatchObject(refused);
    await expect(as(w.owner).setRole({ communityId, userId: w.owner, role: 'admin' })).rejects.toMatchObject(refused);
    await expect(as(w.admin).setRole({ communityId, userId: w.admin, role: 'member' })).rejects.toMatchObject(refused);
    // Moderators and members name nobody; the applicant and the removed person are not members to name.
    await expect(as(w.moderator).setRole({ communityId, userId: w.member, role: 'moderator' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: ROLE_MESSAGES.adminsOnly });
    await expect(as(w.member).setRole({ communityId, userId: w.other, role: 'moderator' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(w.owner).setRole({ communityId, userId: w.applicant, role: 'moderator' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.noSuchMember });
    await expect(as(w.owner).setRole({ communityId, userId: w.removed, role: 'moderator' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(as(w.owner).setRole({ communityId, userId: w.member, role: 'owner' as 'admin' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await roleOf(communityId, w.member)).toBe('member');
    expect(await roleOf(communityId, w.admin)).toBe('admin');
  });

  it('a role ends with the membership: a moderator who leaves, or is removed, comes back a member', async () => {
    const w = await world();
    const communityId = w.community.id;
    await as(w.moderator).leave({ communityId });
    expect(await roleOf(communityId, w.moderator)).toBeNull();
    await as(w.moderator).join({ communityId });
    await as(w.admin).approve({ communityId, userId: w.moderator });
    expect(await as(w.moderator).status({ communityId })).toMatchObject({ role: 'member', can: capabilitiesOf('member') });
    await as(w.owner).remove({ communityId, userId: w.admin });
    expect(await roleOf(communityId, w.admin)).toBeNull();
    expect(await as(w.admin).status({ communityId })).toMatchObject({ status: 'removed', can: capabilitiesOf(null) });
  });

  it('reaches open pages live: every member hears role.changed', async () => {
    const w = await world();
    const communityId = w.community.id;
    const live = await testSubscription((signal) => callerFor(scene.database, w.member, { signal }).membership.onChange({ communityId }));
    try {
      const hears = live.nextWhere((e) => e.type === 'role.changed');
      await as(w.owner).setRole({ communityId, userId: w.member, role: 'moderator' });
      expect((await hears).data).toEqual({ type: 'role.changed', userId: w.member, role: 'moderator' });
    } finally {
      live.close();
    }
  });
});

describe('what each role may do to whom', () => {
  it('moderators see and answer join requests; members do not see them', async () => {
    const w = await world();
    const communityId = w.community.id;
    expect((await as(w.moderator).members({ communityId })).pending.map((p) => p.userId)).toEqual([w.applicant]);
    expect(await as(w.member).members({ communityId })).toMatchObject({ pending: [], pendingCount: 0 });
    await as(w.moderator).approve({ communityId, userId: w.applicant });
    expect(await as(w.applicant).status({ communityId })).toMatchObject({ status: 'approved', role: 'member' });
  });

  it('a moderator removes members only; an admin moderators and members; the owner anyone but themselves', async () => {
    const w = await world();
    const communityId = w.community.id;
    const outranked = { code: 'FORBIDDEN', message: ROLE_MESSAGES.outranked };
    await as(w.owner).setRole({ communityId, userId: w.other, role: 'moderator' });
    await expect(as(w.moderator).remove({ communityId, userId: w.admin })).rejects.toMatchObject(outranked);
    await expect(as(w.moderator).remove({ communityId, userId: w.other })).rejects.toMatchObject(outranked);
    await expect(as(w.moderator).remove({ communityId, userId: w.owner })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: COMMUNITY_MESSAGES.ownerCannotBeRemoved });
    await expect(as(w.admin).remove({ communityId, userId: w.admin })).rejects.toMatchObject(outranked);
    await as(w.moderator).remove({ communityId, userId: w.member });
    expect(await as(w.member).status({ communityId })).toMatchObject({ status: 'removed' });
    await as(w.admin).remove({ communityId, userId: w.other });
    await expect(as(w.admin).remove({ communityId, userId: w.moderator })).resolves.toBeDefined();
    await as(w.owner).remove({ communityId, userId: w.admin });
    expect(await roleOf(communityId, w.admin)).toBeNull();
  });

  it("a moderator removes members' posts and comments, not an admin's or the owner's; only the author edits a comment", async () => {
    const w = await world();
    const posts = (userId: string) => callerFor(scene.database, userId).posts;
    const adminPost = await posts(w.admin).create({ communityId: w.community.id, content: 'From the admin' });
    const ownerPost = await posts(w.owner).create({ communityId: w.community.id, content: 'From the owner' });
    await expect(posts(w.moderator).delete({ postId: adminPost.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: ROLE_MESSAGES.outranked });
    await expect(posts(w.admin).delete({ postId: ownerPost.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: ROLE_MESSAGES.outranked });
    await expect(posts(w.moderator).updateComment({ commentId: w.comment.id, content: 'Not mine' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(posts(w.member).delete({ postId: adminPost.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: POST_MESSAGES.notAuthor });
    await posts(w.moderator).deleteComment({ commentId: w.comment.id });
    await posts(w.moderator).pin({ postId: w.post.id });
    await posts(w.moderator).delete({ postId: w.post.id });
    await posts(w.admin).delete({ postId: adminPost.id });
    await posts(w.owner).delete({ postId: ownerPost.id });
    expect((await posts(w.member).list({ communityId: w.community.id })).items).toEqual([]);
  });

  it("an admin edits the community but not its price; a moderator edits nothing of it", async () => {
    const w = await world();
    const communities = (userId: string) => callerFor(scene.database, userId).communities;
    // The edit form, filled in with a logo of the admin's (valid-inputs.ts), as the owner's would be.
    const input = { ...((await VALID_INPUTS['communities.update']!({ database: scene.database, world: w, me: w.admin })) as UpdateCommunityInput), description: 'Now with admins' };
    expect(await communities(w.admin).update(input)).toMatchObject({ description: 'Now with admins' });
    await expect(communities(w.admin).update({ ...input, membershipAmountCents: 900 })).rejects.toMatchObject({ code: 'FORBIDDEN', message: ROLE_MESSAGES.priceOwnerOnly });
    await expect(communities(w.moderator).update(input)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await communities(w.owner).update({ ...input, membershipAmountCents: 900 })).toMatchObject({ membershipAmountCents: 900 });
  });

  it("admins see and edit private courses, unlocked whatever their level; moderators and members do not see them", async () => {
    const w = await world();
    const courses = (userId: string) => callerFor(scene.database, userId).courses;
    const draft = await courses(w.admin).create({ communityId: w.community.id, title: 'Draft', description: 'Not yet' });
    await courses(w.admin).update({ courseId: draft.id, title: 'Draft 2', description: 'Soon', isPrivate: true });
    expect((await courses(w.admin).byId({ courseId: draft.id })).isOwner).toBe(true);
    expect((await courses(w.owner).list({ communityId: w.community.id })).map((c) => c.id)).toContain(draft.id);
    expect((await courses(w.moderator).list({ communityId: w.community.id })).map((c) => c.id)).not.toContain(draft.id);
    await expect(courses(w.moderator).byId({ courseId: draft.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(courses(w.moderator).update({ courseId: draft.id, title: 'Mine', description: 'x', isPrivate: false })).rejects.toMatchObject({ code: 'FORBIDDEN', message: ROLE_MESSAGES.adminsOnly });
  });
});
