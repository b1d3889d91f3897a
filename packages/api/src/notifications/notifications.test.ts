import { communityMembers, notifications, posts } from '@app/db/schema';
import { NOTIFICATION_MESSAGES } from '@app/shared/notifications';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestCommunity, createTestUser, testSubscription, unlimitedRateLimiter, useTestDatabase } from '../testing/index.ts';
import { createFanOutWorker, eventReminders } from './worker.ts';
import { fanOut } from './service.ts';

const scene = useTestDatabase();
const as = (userId: string, signal?: AbortSignal) => callerFor(scene.database, userId, { rateLimiter: unlimitedRateLimiter, signal });

/** A community with an owner and `n` approved members, and a post by the first member. */
async function community(n = 3, values: { isPrivate?: boolean } = {}) {
  const owner = await createTestUser(scene.database);
  const members = await Promise.all(Array.from({ length: n }, () => createTestUser(scene.database)));
  const c = await createTestCommunity(scene.database, owner, { membersCount: n + 1, ...values });
  await scene.database.db.insert(communityMembers).values(members.map((userId) => ({ communityId: c.id, userId, role: 'member' as const, status: 'approved' as const })));
  const [post] = await scene.database.db.insert(posts).values({ communityId: c.id, userId: members[0]!, content: 'Hello, everyone' }).returning();
  return { owner, members, community: c, post: post! };
}

/** An hour-long event's form, starting `inMs` from now. */
function hourLong(communityId: string, title: string, inMs: number, reminderMinutes: 15 | null) {
  const startsAt = new Date(Date.now() + inMs);
  const endsAt = new Date(startsAt.getTime() + 3_600_000);
  return { communityId, title, description: 'Come along', startsAt, endsAt, meetingLink: null, videoUrl: null, coverKey: null, reminderMinutes };
}

const listOf = async (userId: string) => (await as(userId).notifications.list({})).items;

describe('notifications', () => {
  it("groups a post's likes into one row while unread, naming the latest people, and never tells the actor", async () => {
    const { members, community: c, post } = await community(5);
    const [author, ...likers] = members as [string, ...string[]];
    await as(author).posts.like({ postId: post.id, liked: true });
    expect(await listOf(author)).toEqual([]);
    for (const liker of likers) await as(liker).posts.like({ postId: post.id, liked: true });
    const [row, ...rest] = await listOf(author);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ kind: 'post.liked', read: false, actorCount: 4, actor: { id: likers.at(-1) }, community: { id: c.id }, post: { id: post.id, excerpt: 'Hello, everyone' } });
    expect(row!.others.map((p) => p.id)).toEqual(likers.slice(0, -1).reverse());
    expect(await as(author).notifications.unreadCount()).toBe(1);
    for (const liker of likers) expect(await listOf(liker)).toEqual([]);

    // Read, the group is closed: the next like starts a new row.
    await as(author).notifications.markRead({ id: row!.id });
    expect(await as(author).notifications.unreadCount()).toBe(0);
    await as(likers[0]!).posts.like({ postId: post.id, liked: false });
    await as(likers[0]!).posts.like({ postId: post.id, liked: true });
    const list = await listOf(author);
    expect(list.map((n) => [n.read, n.actorCount])).toEqual([[false, 1], [true, 4]]);
  });

  it('takes back an unread like notice when its only liker unlikes', async () => {
    const { members, post } = await community(2);
    await as(members[1]!).posts.like({ postId: post.id, liked: true });
    expect(await as(members[0]!).notifications.unreadCount()).toBe(1);
    await as(members[1]!).posts.like({ postId: post.id, liked: false });
    expect(await listOf(members[0]!)).toEqual([]);
  });

  it("tells a post's author of comments (grouped) and a comment's author of its likes", async () => {
    const { members, post } = await community(3);
    const { comment } = await as(members[1]!).posts.addComment({ postId: post.id, content: 'Welcome!' });
    await as(members[2]!).posts.addComment({ postId: post.id, content: 'Hi!' });
    const [commented] = await listOf(members[0]!);
    expect(commented).toMatchObject({ kind: 'post.commented', actorCount: 2, actor: { id: members[2] }, comment: { excerpt: 'Hi!' } });
    await as(members[0]!).posts.likeComment({ commentId: comment.id, liked: true });
    expect(await listOf(members[1]!)).toMatchObject([{ kind: 'comment.liked', comment: { id: comment.id, excerpt: 'Welcome!' }, actor: { id: members[0] } }]);
  });

  it('tells the owner of join requests (grouped), and the person of the decision', async () => {
    const owner = await createTestUser(scene.database);
    const c = await createTestCommunity(scene.database, owner, { isPrivate: true });
    const [ana, ben] = [await createTestUser(scene.database), await createTestUser(scene.database)];
    await as(ana).membership.join({ communityId: c.id });
    await as(ben).membership.join({ communityId: c.id });
    expect(await listOf(owner)).toMatchObject([{ kind: 'join.requested', actorCount: 2, actor: { id: ben }, community: { id: c.id } }]);
    await as(owner).membership.approve({ communityId: c.id, userId: ana });
    await as(owner).membership.decline({ communityId: c.id, userId: ben });
    expect(await listOf(ana)).toMatchObject([{ kind: 'join.approved', community: { id: c.id } }]);
    // Not a member, yet told of the answer to their own request.
    expect(await listOf(ben)).toMatchObject([{ kind: 'join.declined', community: { id: c.id } }]);
  });

  it("shows only what the person may see now: a removed member's and a deleted post's notices are gone", async () => {
    const { owner, members, community: c, post } = await community(2);
    await as(members[1]!).posts.like({ postId: post.id, liked: true });
    expect(await as(members[0]!).notifications.unreadCount()).toBe(1);
    await as(owner).membership.remove({ communityId: c.id, userId: members[0]! });
    expect(await listOf(members[0]!)).toEqual([]);
    expect(await as(members[0]!).notifications.unreadCount()).toBe(0);

    const other = await community(2);
    await as(other.members[1]!).posts.addComment({ postId: other.post.id, content: 'Nice' });
    expect(await listOf(other.members[0]!)).toHaveLength(1);
    await as(other.members[0]!).posts.delete({ postId: other.post.id });
    expect(await listOf(other.members[0]!)).toEqual([]);
  });

  it("follows 'Notify me about' and a muted community, at read time", async () => {
    const { members, community: c, post } = await community(2);
    const [author, liker] = members as [string, string];
    await as(liker).posts.like({ postId: post.id, liked: true });
    const prefs = { communicationEmails: false, marketingEmails: false, socialEmails: true, mobileSettings: false };
    await as(author).profiles.updateNotifications({ notifyMeAbout: 'mentions', ...prefs });
    expect(await listOf(author)).toEqual([]);
    await as(author).profiles.updateNotifications({ notifyMeAbout: 'nothing', ...prefs });
    expect(await as(author).notifications.unreadCount()).toBe(0);
    await as(author).profiles.updateNotifications({ notifyMeAbout: 'all', ...prefs });
    expect(await as(author).notifications.unreadCount()).toBe(1);

    await as(author).notifications.mute({ communityId: c.id, muted: true });
    expect(await as(author).notifications.muted({ communityId: c.id })).toEqual({ muted: true });
    expect(await listOf(author)).toEqual([]);
    await as(author).notifications.mute({ communityId: c.id, muted: false });
    expect(await listOf(author)).toHaveLength(1);
  });

  it("refuses to mark someone else's notification, and marks all of one's own", async () => {
    const { members, post } = await community(2);
    await as(members[1]!).posts.like({ postId: post.id, liked: true });
    const [row] = await listOf(members[0]!);
    await expect(as(members[1]!).notifications.markRead({ id: row!.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: NOTIFICATION_MESSAGES.notFound });
    expect(await as(members[0]!).notifications.markAllRead()).toEqual({ marked: 1 });
    expect(await as(members[0]!).notifications.unreadCount()).toBe(0);
  });

  it('pages newest first with a cursor', async () => {
    const { members, community: c } = await community(2);
    const mine = await scene.database.db
      .insert(posts)
      .values(Array.from({ length: 25 }, (_, i) => ({ communityId: c.id, userId: members[0]!, content: `post ${i}` })))
      .returning({ id: posts.id });
    for (const p of mine) await as(members[1]!).posts.like({ postId: p.id, liked: true });
    const first = await as(members[0]!).notifications.list({});
    const second = await as(members[0]!).notifications.list({ cursor: first.nextCursor });
    // 25 likes, and the two level-ups they brought (5 and 20 points).
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(7);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((n) => n.id)).size).toBe(27);
    const excerpts = all.filter((n) => n.kind === 'post.liked').map((n) => n.post?.excerpt);
    expect(excerpts).toEqual(Array.from({ length: 25 }, (_, i) => `post ${24 - i}`));
  });

  it("pings the person's bell live when a notice reaches them", async () => {
    const { members, post } = await community(2);
    const bell = await testSubscription((signal) => as(members[0]!, signal).notifications.onChange({}));
    try {
      const heard = bell.next();
      await as(members[1]!).posts.like({ postId: post.id, liked: true });
      expect((await heard).data).toEqual({ type: 'notifications.changed' });
    } finally {
      bell.close();
    }
  });

  it("tells every member but the actor of a new event once, and of its reminder once, through a job", async () => {
    const { owner, members, community: c } = await community(3);
    const event = await as(owner).calendar.create(hourLong(c.id, 'Live Q&A', 10 * 60_000, 15));
    // The request wrote no row per member: the queued job does.
    expect(await scene.database.db.$count(notifications, eq(notifications.eventId, event.id))).toBe(0);
    const payload = { key: `event.created:${event.id}`, kind: 'event.created' as const, communityId: c.id, actorId: owner, eventId: event.id };
    expect(await fanOut(scene.database.db, payload)).toBe(3);
    expect(await fanOut(scene.database.db, payload)).toBe(0);
    for (const m of members) expect(await listOf(m)).toMatchObject([{ kind: 'event.created', event: { id: event.id, title: 'Live Q&A' } }]);
    expect(await listOf(owner)).toEqual([]);

    // 10 minutes away with a 15-minute reminder: due now, and only once.
    expect(await eventReminders.run(scene.database)).toBeGreaterThanOrEqual(4);
    expect(await scene.database.db.$count(notifications, and(eq(notifications.eventId, event.id), eq(notifications.kind, 'event.starting')))).toBe(4);
    await eventReminders.run(scene.database);
    expect(await scene.database.db.$count(notifications, and(eq(notifications.eventId, event.id), eq(notifications.kind, 'event.starting')))).toBe(4);
  });

  it('hides a course notice once the course is private again', async () => {
    const { owner, members, community: c } = await community(1);
    const course = await as(owner).courses.create({ communityId: c.id, title: 'Basics', description: 'Start here', coverKey: null, introVideoUrl: null, visibleToMembers: true });
    await fanOut(scene.database.db, { key: `course.published:${course.id}`, kind: 'course.published', communityId: c.id, actorId: owner, courseId: course.id });
    expect(await listOf(members[0]!)).toMatchObject([{ kind: 'course.published', course: { id: course.id, title: 'Basics' } }]);
    await scene.database.db.execute(sql`update courses set is_private = true where id = ${course.id}`);
    expect(await listOf(members[0]!)).toEqual([]);
  });

  it('tells a member of their level up once per level', async () => {
    const { members, community: c, post } = await community(2);
    // Level 2 takes 5 points: a like from someone else is one.
    const likers = await Promise.all(Array.from({ length: 5 }, () => createTestUser(scene.database)));
    await scene.database.db.insert(communityMembers).values(likers.map((userId) => ({ communityId: c.id, userId, status: 'approved' as const })));
    for (const liker of likers) await as(liker).posts.like({ postId: post.id, liked: true });
    const kinds = (await listOf(members[0]!)).map((n) => [n.kind, n.data]);
    expect(kinds).toContainEqual(['level.up', { level: 2 }]);
  });

  it("sums up new posts by others per community since the member last opened its feed, without a row per member", async () => {
    const { members, community: c } = await community(2);
    const [reader, writer] = members as [string, string];
    await scene.database.db.execute(sql`update community_members set feed_seen_at = now() - interval '1 hour' where community_id = ${c.id}`);
    const before = await scene.database.db.$count(notifications);
    for (const content of ['One', 'Two', 'Three']) await as(writer).posts.create({ communityId: c.id, content });
    expect(await scene.database.db.$count(notifications)).toBe(before);
    // The fixture's post by the reader is theirs: not new to them.
    expect(await as(reader).notifications.summary()).toMatchObject([{ community: { id: c.id }, newPosts: 3 }]);
    expect(await as(writer).notifications.summary()).toMatchObject([{ community: { id: c.id }, newPosts: 1 }]);

    await as(reader).posts.list({ communityId: c.id });
    expect(await as(reader).notifications.summary()).toEqual([]);
    await as(writer).notifications.mute({ communityId: c.id, muted: true });
    expect(await as(writer).notifications.summary()).toEqual([]);
  });

  it('runs a queued fan-out once though two processes work the queue', async () => {
    const { owner, members, community: c } = await community(4);
    const other = await scene.otherProcess();
    const quiet = { warn: () => undefined, error: () => undefined };
    const workers = [createFanOutWorker({ database: scene.database, log: quiet }), createFanOutWorker({ database: other, log: quiet })];
    const event = await as(owner).calendar.create(hourLong(c.id, 'Meet-up', 86_400_000, null));
    const done = await Promise.all(workers.map((w) => w.runDue()));
    expect(done.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await Promise.all(workers.map((w) => w.runDue()));
    expect(await scene.database.db.$count(notifications, eq(notifications.eventId, event.id))).toBe(members.length);
  });
});
