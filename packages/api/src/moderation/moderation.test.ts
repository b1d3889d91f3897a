import { comments, communityBans, joinDeclines, moderationLog, notifications, posts, reports } from '@app/db/schema';
import { COMMUNITY_MESSAGES, JOIN_RETRY_DAYS } from '@app/shared/communities';
import { MODERATION_MESSAGES } from '@app/shared/moderation';
import { POST_MESSAGES } from '@app/shared/posts';
import { ROLE_MESSAGES } from '@app/shared/roles';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addTestStaff, callerFor, createTestPeople, createTestStaff, createTestUser, createTestWorld, type TestPeople, type TestStaff, useTestDatabase } from '../testing/index.ts';
import { testSubscription } from '../testing/subscriptions.ts';

const scene = useTestDatabase();
let people: TestPeople & TestStaff;
beforeAll(async () => {
  people = { ...(await createTestPeople(scene.database)), ...(await createTestStaff(scene.database)) };
}, 60_000);

/** A private community with a member (who wrote the post and the comment), another member, a moderator and an admin. */
const world = async () => addTestStaff(scene.database, await createTestWorld(scene.database, people), people);
const as = (userId: string) => callerFor(scene.database, userId).moderation;

async function logOf(communityId: string) {
  return scene.database.db.select().from(moderationLog).where(eq(moderationLog.communityId, communityId)).orderBy(desc(moderationLog.createdAt));
}

async function noticesOf(userId: string, communityId: string) {
  return scene.database.db
    .select({ kind: notifications.kind, data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), eq(notifications.communityId, communityId), eq(notifications.kind, 'report.resolved')));
}

describe('reporting', () => {
  it('a member reports a post, a comment or a member; the queue groups them by item with the reasons and the count', async () => {
    const w = await world();
    const communityId = w.community.id;
    await as(w.other).report({ postId: w.post.id, reason: 'spam' });
    await as(w.moderator).report({ postId: w.post.id, reason: 'other', details: 'Selling things' });
    await as(w.admin).report({ postId: w.post.id, reason: 'spam' });
    await as(w.other).report({ commentId: w.comment.id, reason: 'harassment' });
    await as(w.other).report({ communityId, userId: w.member, reason: 'off-topic' });
    const { items, openCount, nextCursor } = await as(w.moderator).queue({ communityId });
    expect(openCount).toBe(3);
    expect(nextCursor).toBeNull();
    expect(items.map((g) => g.kind)).toEqual(['member', 'comment', 'post']);
    const post = items.find((g) => g.kind === 'post')!;
    expect(post).toMatchObject({ itemId: w.post.id, count: 3, details: ['Selling things'], post: { id: w.post.id, excerpt: 'hello' }, author: { id: w.member, role: 'member' }, mayAct: true });
    expect(post.reasons).toEqual([{ reason: 'spam', count: 2 }, { reason: 'other', count: 1 }]);
    expect(items.find((g) => g.kind === 'comment')).toMatchObject({ comment: { id: w.comment.id, excerpt: 'first', postId: w.post.id }, count: 1 });
    expect(items.find((g) => g.kind === 'member')).toMatchObject({ itemId: w.member, author: { id: w.member }, reasons: [{ reason: 'off-topic', count: 1 }] });
    expect(await as(w.owner).openCount({ communityId })).toBe(3);
  });

  it('one open report per person and item; never oneself or one’s own; a member one can see; text for other', async () => {
    const w = await world();
    const communityId = w.community.id;
    await as(w.other).report({ postId: w.post.id, reason: 'spam' });
    await expect(as(w.other).report({ postId: w.post.id, reason: 'harassment' })).rejects.toMatchObject({ code: 'CONFLICT', message: MODERATION_MESSAGES.alreadyReported });
    await expect(as(w.member).report({ postId: w.post.id, reason: 'spam' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: MODERATION_MESSAGES.self });
    await expect(as(w.member).report({ communityId, userId: w.member, reason: 'spam' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: MODERATION_MESSAGES.self });
    await expect(as(w.other).report({ communityId, userId: w.applicant, reason: 'spam' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: MODERATION_MESSAGES.memberNotFound });
    await expect(as(w.other).report({ communityId, userId: w.stranger, reason: 'spam' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(as(w.stranger).report({ postId: w.post.id, reason: 'spam' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(w.other).report({ postId: w.post.id, commentId: w.comment.id, reason: 'spam' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(as(w.other).report({ commentId: w.comment.id, reason: 'other' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: MODERATION_MESSAGES.detailsRequired });
    await expect(as(w.other).report({ commentId: w.comment.id, reason: 'other', details: 'x'.repeat(501) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: MODERATION_MESSAGES.detailsTooLong });
    // The owner may be reported.
    await as(w.other).report({ communityId, userId: w.owner, reason: 'harassment' });
    // A comment its author deleted (kept for its replies) cannot be reported, and leaves the queue.
    const [reply] = await scene.database.db.insert(comments).values({ postId: w.post.id, userId: w.other, content: 'a reply', replyToId: w.comment.id }).returning();
    await as(w.owner).report({ commentId: w.comment.id, reason: 'spam' });
    await callerFor(scene.database, w.member).posts.deleteComment({ commentId: w.comment.id });
    await expect(as(w.other).report({ commentId: w.comment.id, reason: 'spam' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: POST_MESSAGES.commentNotFound });
    expect(reply).toBeDefined();
    const { items } = await as(w.owner).queue({ communityId });
    expect(items.map((g) => g.kind).sort()).toEqual(['member', 'post']);
    expect(items.find((g) => g.kind === 'member')).toMatchObject({ author: { id: w.owner, role: 'owner' }, mayAct: false, mayDismiss: true });
  });

  it('the queue pages by the newest report', async () => {
    const w = await world();
    const communityId = w.community.id;
    const made = await scene.database.db
      .insert(posts)
      .values(Array.from({ length: 22 }, (_, i) => ({ communityId, userId: w.member, content: `post ${i}` })))
      .returning({ id: posts.id });
    for (const post of made) await as(w.other).report({ postId: post.id, reason: 'spam' });
    const first = await as(w.moderator).queue({ communityId });
    expect(first.items).toHaveLength(20);
    expect(first.openCount).toBe(22);
    const second = await as(w.moderator).queue({ communityId, cursor: first.nextCursor });
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((g) => g.itemId)).size).toBe(22);
  });
});

describe('acting on reports', () => {
  it('dismiss: the reports close, the reporters are told, the log says who, what and why', async () => {
    const w = await world();
    const communityId = w.community.id;
    await as(w.other).report({ postId: w.post.id, reason: 'spam' });
    await as(w.admin).report({ postId: w.post.id, reason: 'harassment' });
    expect(await as(w.moderator).act({ communityId, kind: 'post', itemId: w.post.id, action: 'dismiss', note: 'Fine by the rules' })).toEqual({ resolved: 2 });
    expect(await as(w.moderator).openCount({ communityId })).toBe(0);
    await expect(as(w.moderator).act({ communityId, kind: 'post', itemId: w.post.id, action: 'dismiss' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: MODERATION_MESSAGES.handled });
    expect(await noticesOf(w.other, communityId)).toEqual([{ kind: 'report.resolved', data: { outcome: 'dismiss', item: 'post' } }]);
    expect(await noticesOf(w.admin, communityId)).toHaveLength(1);
    // The reporter reads it in the bell (access at read time: while a member).
    const bell = await callerFor(scene.database, w.other).notifications.list({});
    expect(bell.items.find((n) => n.kind === 'report.resolved')).toMatchObject({ data: { outcome: 'dismiss' }, community: { id: communityId }, actor: null });
    const [line] = await logOf(communityId);
    expect(line).toMatchObject({ actorId: w.moderator, action: 'report.dismissed', targetId: w.member, itemKind: 'post', itemId: w.post.id, reason: 'Fine by the rules', data: { reports: 2 } });
    // A second report of the same item after a decision is a new one.
    await as(w.other).report({ postId: w.post.id, reason: 'spam' });
    expect(await as(w.moderator).openCount({ communityId })).toBe(1);
  });

  it('remove: the post or comment is deleted, through the posts domain', async () => {
    const w = await world();
    const communityId = w.community.id;
    await as(w.other).report({ commentId: w.comment.id, reason: 'harassment' });
    await as(w.moderator).act({ communityId, kind: 'comment', itemId: w.comment.id, action: 'remove' });
    expect(await scene.database.db.$count(comments, eq(comments.id, w.comment.id))).toBe(0);
    await as(w.other).report({ postId: w.post.id, reason: 'spam' });
    await as(w.admin).act({ communityId, kind: 'post', itemId: w.post.id, action: 'remove' });
    expect(await scene.database.db.$count(posts, eq(posts.id, w.post.id))).toBe(0);
    expect((await noticesOf(w.other, communityId)).map((n) => n.data.outcome).sort()).toEqual(['remove', 'remove']);
    expect((await logOf(communityId)).slice(0, 2).map((l) => l.action)).toEqual(['post.removed', 'comment.removed']);
    // A member is removed or banned, not removed as an item.
    await as(w.other).report({ communityId, userId: w.member, reason: 'spam' });
    await expect(as(w.owner).act({ communityId, kind: 'member', itemId: w.member, action: 'remove' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: MODERATION_MESSAGES.notRemovable });
    expect(await as(w.owner).openCount({ communityId })).toBe(1);
  });

  it('remove the member: out of the community, may ask again after the wait; ban: out and refused at the door', async () => {
    const w = await world();
    const communityId = w.community.id;
    await as(w.other).report({ postId: w.post.id, reason: 'spam' });
    await as(w.moderator).act({ communityId, kind: 'post', itemId: w.post.id, action: 'removeMember' });
    // As the members list removes: they may ask again after the wait (here dated back past it).
    expect(await callerFor(scene.database, w.member).membership.status({ communityId })).toMatchObject({ status: 'removed' });
    await expect(callerFor(scene.database, w.member).membership.join({ communityId })).rejects.toMatchObject({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.removedWait(JOIN_RETRY_DAYS) });
    await scene.database.db
      .update(joinDeclines)
      .set({ declinedAt: sql`now() - interval '8 days'` })
      .where(and(eq(joinDeclines.communityId, communityId), eq(joinDeclines.userId, w.member)));
    await callerFor(scene.database, w.member).membership.join({ communityId });
    await callerFor(scene.database, w.owner).membership.approve({ communityId, userId: w.member });

    await as(w.other).report({ communityId, userId: w.member, reason: 'harassment' });
    await as(w.moderator).act({ communityId, kind: 'member', itemId: w.member, action: 'ban', note: 'Repeated harassment' });
    expect(await scene.database.db.$count(communityBans, and(eq(communityBans.communityId, communityId), eq(communityBans.userId, w.member)))).toBe(1);
    await expect(callerFor(scene.database, w.member).membership.join({ communityId })).rejects.toMatchObject({ code: 'FORBIDDEN', message: COMMUNITY_MESSAGES.banned });
    expect((await noticesOf(w.other, communityId)).map((n) => n.data.outcome).sort()).toEqual(['ban', 'removeMember']);
    expect((await logOf(communityId)).slice(0, 3).map((l) => l.action)).toEqual(['member.banned', 'request.approved', 'member.removed']);
  });

  it('only on authors the caller outranks; the owner may dismiss reports about themselves', async () => {
    const w = await world();
    const communityId = w.community.id;
    const [modPost] = await scene.database.db.insert(posts).values({ communityId, userId: w.moderator, content: 'by the moderator' }).returning();
    await as(w.other).report({ postId: modPost!.id, reason: 'spam' });
    const outranked = { code: 'FORBIDDEN', message: ROLE_MESSAGES.outranked };
    await expect(as(w.moderator).act({ communityId, kind: 'post', itemId: modPost!.id, action: 'dismiss' })).rejects.toMatchObject(outranked);
    await as(w.other).report({ communityId, userId: w.admin, reason: 'spam' });
    await expect(as(w.admin).act({ communityId, kind: 'member', itemId: w.admin, action: 'ban' })).rejects.toMatchObject(outranked);
    const { items } = await as(w.moderator).queue({ communityId });
    expect(items.map((g) => g.mayAct)).toEqual([false, false]);
    await as(w.admin).act({ communityId, kind: 'post', itemId: modPost!.id, action: 'removeMember' });
    await as(w.other).report({ communityId, userId: w.owner, reason: 'harassment' });
    await expect(as(w.admin).act({ communityId, kind: 'member', itemId: w.owner, action: 'ban' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: MODERATION_MESSAGES.ownerAlone });
    await expect(as(w.owner).act({ communityId, kind: 'member', itemId: w.owner, action: 'ban' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: MODERATION_MESSAGES.ownerAlone });
    await as(w.owner).act({ communityId, kind: 'member', itemId: w.owner, action: 'dismiss' });
    // A plain member acts on nothing.
    await as(w.moderator).report({ postId: w.post.id, reason: 'spam' }).catch(() => undefined);
    await expect(callerFor(scene.database, w.other).moderation.act({ communityId, kind: 'post', itemId: w.post.id, action: 'dismiss' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: ROLE_MESSAGES.moderatorsOnly });
  });

  it('a reporter who left is not told (access at read time)', async () => {
    const w = await world();
    const communityId = w.community.id;
    await as(w.other).report({ postId: w.post.id, reason: 'spam' });
    await callerFor(scene.database, w.other).membership.leave({ communityId });
    await as(w.moderator).act({ communityId, kind: 'post', itemId: w.post.id, action: 'dismiss' });
    expect(await noticesOf(w.other, communityId)).toHaveLength(1);
    const bell = await callerFor(scene.database, w.other).notifications.list({});
    expect(bell.items.filter((n) => n.community?.id === communityId && n.kind === 'report.resolved')).toEqual([]);
  });
});

describe('the moderation log', () => {
  it('records the other domains’ moderation: deleting others’ posts and comments, removals, requests, roles, pins; never an author’s own delete', async () => {
    const w = await world();
    const communityId = w.community.id;
    const posts$ = (userId: string) => callerFor(scene.database, userId).posts;
    const membership = (userId: string) => callerFor(scene.database, userId).membership;
    await posts$(w.moderator).pin({ postId: w.post.id });
    await posts$(w.moderator).unpin({ postId: w.post.id });
    await posts$(w.moderator).deleteComment({ commentId: w.comment.id });
    const own = await posts$(w.other).create({ communityId, content: 'mine', feeling: null });
    await posts$(w.other).delete({ postId: own.id });
    await posts$(w.admin).delete({ postId: w.post.id });
    await membership(w.owner).setRole({ communityId, userId: w.other, role: 'moderator' });
    await membership(w.moderator).decline({ communityId, userId: w.applicant });
    const latecomer = await createTestUser(scene.database);
    await membership(latecomer).join({ communityId });
    await membership(w.admin).approve({ communityId, userId: latecomer });
    await membership(w.admin).remove({ communityId, userId: latecomer });
    const { items, nextCursor } = await as(w.moderator).log({ communityId });
    expect(nextCursor).toBeNull();
    // The world's own ban of its 'removed' person (by the owner) is the oldest line.
    expect(items.map((l) => [l.action, l.actor?.id, l.target?.id])).toEqual([
      ['member.removed', w.admin, latecomer],
      ['request.approved', w.admin, latecomer],
      ['request.declined', w.moderator, w.applicant],
      ['role.changed', w.owner, w.other],
      ['post.removed', w.admin, w.member],
      ['comment.removed', w.moderator, w.member],
      ['post.unpinned', w.moderator, w.member],
      ['post.pinned', w.moderator, w.member],
      ['role.changed', w.owner, w.admin],
      ['role.changed', w.owner, w.moderator],
      ['member.banned', w.owner, w.removed],
    ]);
    expect(items[3]).toMatchObject({ data: { from: 'member', to: 'moderator' } });
    await expect(callerFor(scene.database, w.other).moderation.log({ communityId })).resolves.toBeDefined();
    await expect(callerFor(scene.database, w.member).moderation.log({ communityId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('pages newest first', async () => {
    const w = await world();
    const communityId = w.community.id;
    await scene.database.db
      .insert(moderationLog)
      .values(Array.from({ length: 40 }, (_, i) => ({ communityId, actorId: w.owner, action: 'post.pinned', createdAt: new Date(Date.now() - i * 1000) })));
    const first = await as(w.owner).log({ communityId });
    expect(first.items).toHaveLength(30);
    const second = await as(w.owner).log({ communityId, cursor: first.nextCursor });
    expect(second.items.length).toBeGreaterThan(10);
    expect(second.nextCursor).toBeNull();
    expect(first.items[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(first.items[29]!.createdAt.getTime());
  });
});

describe('live', () => {
  it('moderators hear a report and an action (the count moves); a plain member cannot listen', async () => {
    const w = await world();
    const communityId = w.community.id;
    const live = await testSubscription((signal) => callerFor(scene.database, w.moderator, { signal }).moderation.onChange({ communityId }));
    try {
      const reported = live.nextWhere((e) => e.type === 'moderation.changed');
      await as(w.other).report({ postId: w.post.id, reason: 'spam' });
      expect((await reported).data).toEqual({ type: 'moderation.changed' });
      expect(await as(w.moderator).openCount({ communityId })).toBe(1);
      const acted = live.nextWhere((e) => e.type === 'moderation.changed');
      await as(w.admin).act({ communityId, kind: 'post', itemId: w.post.id, action: 'dismiss' });
      await acted;
      expect(await as(w.moderator).openCount({ communityId })).toBe(0);
    } finally {
      live.close();
    }
    await expect(callerFor(scene.database, w.other).moderation.onChange({ communityId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await scene.database.db.$count(reports, eq(reports.communityId, communityId))).toBe(1);
  });
});
