import { communityMembers, courseModules, lessons, memberPoints, memberPointsDaily, postLikes, posts } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { LEVEL_MESSAGES } from '@app/shared/levels';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestCommunity, createTestUser, testSubscription, unlimitedRateLimiter, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();
let owner: string;
let author: string;
let fans: string[];
let stranger: string;
let communityId: string;

const as = (userId: string | null) => callerFor(scene.database, userId, { rateLimiter: unlimitedRateLimiter });

async function pointsOf(userId: string) {
  const [row] = await scene.database.db.select({ points: memberPoints.points }).from(memberPoints).where(and(eq(memberPoints.communityId, communityId), eq(memberPoints.userId, userId)));
  return row?.points ?? 0;
}

const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  [owner, author, stranger] = await Promise.all([createTestUser(scene.database), createTestUser(scene.database), createTestUser(scene.database)]);
  fans = await Promise.all(Array.from({ length: 6 }, () => createTestUser(scene.database)));
  communityId = (await createTestCommunity(scene.database, owner, { membersCount: 8 })).id;
  await scene.database.db.insert(communityMembers).values([author, ...fans].map((userId) => ({ communityId, userId, role: 'member' as const, status: 'approved' as const })));
});

describe('points', () => {
  it('a like from someone else is a point for the author; liking twice, or one\'s own post, adds nothing; unliking takes it back', async () => {
    const post = await as(author).posts.create({ communityId, content: 'Points, please' });
    await as(fans[0]!).posts.like({ postId: post.id, liked: true });
    await as(fans[0]!).posts.like({ postId: post.id, liked: true });
    await as(author).posts.like({ postId: post.id, liked: true });
    expect(await pointsOf(author)).toBe(1);
    expect(await pointsOf(fans[0]!)).toBe(0);
    await as(fans[0]!).posts.like({ postId: post.id, liked: false });
    await as(fans[0]!).posts.like({ postId: post.id, liked: false });
    expect(await pointsOf(author)).toBe(0);

    // Comments too.
    const { comment } = await as(author).posts.addComment({ postId: post.id, content: 'me again' });
    expect(await as(fans[1]!).posts.likeComment({ commentId: comment.id, liked: true })).toMatchObject({ likeCount: 1, liked: true });
    await as(author).posts.likeComment({ commentId: comment.id, liked: true });
    expect(await pointsOf(author)).toBe(1);
    expect((await as(fans[1]!).posts.comments({ postId: post.id }))[0]).toMatchObject({ likeCount: 2, likedByMe: true, author: { id: author, points: 1 } });
    await as(fans[1]!).posts.likeComment({ commentId: comment.id, liked: false });
    expect(await pointsOf(author)).toBe(0);
    await expect(as(stranger).posts.likeComment({ commentId: comment.id, liked: true })).rejects.toMatchObject({ code: 'FORBIDDEN', message: COMMUNITY_MESSAGES.membersOnly });
  });

  it("deleting a post or a comment takes back the points its likes gave, from the days they were given", async () => {
    const before = await pointsOf(author);
    const post = await as(author).posts.create({ communityId, content: 'Soon gone' });
    const { comment } = await as(author).posts.addComment({ postId: post.id, content: 'gone too' });
    await as(fans[0]!).posts.like({ postId: post.id, liked: true });
    await as(fans[1]!).posts.like({ postId: post.id, liked: true });
    await as(fans[2]!).posts.likeComment({ commentId: comment.id, liked: true });
    expect(await pointsOf(author)).toBe(before + 3);
    // A like given 10 days ago (as if), counted on that day.
    await scene.database.db.update(postLikes).set({ createdAt: new Date(Date.now() - 10 * 86_400_000) }).where(and(eq(postLikes.postId, post.id), eq(postLikes.userId, fans[1]!)));
    await scene.database.db.update(memberPointsDaily).set({ points: 1 }).where(and(eq(memberPointsDaily.userId, author), eq(memberPointsDaily.day, dayAgo(0))));
    await scene.database.db.insert(memberPointsDaily).values({ communityId, userId: author, day: dayAgo(10), points: 1 });
    const other = await as(author).posts.create({ communityId, content: 'Stays' });
    const { comment: kept } = await as(author).posts.addComment({ postId: other.id, content: 'kept' });
    await as(fans[3]!).posts.likeComment({ commentId: kept.id, liked: true });
    await as(fans[3]!).posts.like({ postId: other.id, liked: true });

    await as(author).posts.delete({ postId: post.id });
    expect(await pointsOf(author)).toBe(before + 2);
    const days = await scene.database.db.select().from(memberPointsDaily).where(eq(memberPointsDaily.userId, author));
    expect(days.find((d) => d.day === dayAgo(10))?.points).toBe(0);
    await as(owner).posts.deleteComment({ commentId: kept.id });
    expect(await pointsOf(author)).toBe(before + 1);
    await as(fans[3]!).posts.like({ postId: other.id, liked: false });
    expect(await pointsOf(author)).toBe(before);
  });

  it('five likes lift a member to level 2 on all three boards, told as it happens; the owner is left off', async () => {
    const climber = fans[5]!;
    const levelUps = await testSubscription((signal) => callerFor(scene.database, climber, { signal }).levels.onLevelUp({}));
    const heard = levelUps.next();
    const post = await as(climber).posts.create({ communityId, content: 'Climbing' });
    const likers = [author, ...fans.slice(0, 4)];
    for (const fan of likers) await as(fan).posts.like({ postId: post.id, liked: true });
    // The owner likes too: the owner's likes count for the member, but the owner is never ranked.
    await as(owner).posts.like({ postId: post.id, liked: true });
    expect((await heard).data).toEqual({ type: 'level.up', communityId, communityName: expect.any(String), level: 2, points: 5 });
    levelUps.close();

    for (const period of ['7d', '30d', 'all'] as const) {
      const board = await as(fans[0]!).levels.board({ communityId, period });
      expect(board.top[0]).toMatchObject({ rank: 1, points: 6, level: 2, user: { id: climber } });
      expect(board.top.map((e) => e.user.id)).not.toContain(owner);
      // A member without points in the period ranks after everyone who has some.
      expect(board.me).toEqual({ rank: board.top.length + 1, points: 0, level: 1 });
      expect((await as(owner).levels.board({ communityId, period })).me).toBeNull();
      expect((await as(climber).levels.board({ communityId, period })).me).toEqual({ rank: 1, points: 6, level: 2 });
    }
    const summary = await as(climber).levels.summary({ communityId });
    expect(summary.me).toEqual({ points: 6, level: 2, toNextLevel: 14 });
    expect(summary.members).toBe(7);
    expect(summary.levels[1]).toEqual({ level: 2, minPoints: 5, members: 1, percent: 14.29, unlocks: [] });
    expect(summary.levels[0]).toMatchObject({ level: 1, members: 6, percent: 85.71 });
    expect(summary.levels.map((l) => l.minPoints)).toEqual([0, 5, 20, 65, 155, 515, 2015, 8015, 33015]);
    await expect(as(stranger).levels.board({ communityId, period: 'all' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(fans[0]!).levels.board({ communityId, period: 'year' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: LEVEL_MESSAGES.period });
  });

  it('windows: points from 10 days ago count on the 30-day and all-time boards, not the 7-day one; a member off the top ten still sees their rank', async () => {
    const extra = await Promise.all(Array.from({ length: 11 }, () => createTestUser(scene.database)));
    const other = await createTestCommunity(scene.database, owner);
    await scene.database.db.insert(communityMembers).values(extra.map((userId) => ({ communityId: other.id, userId, role: 'member' as const, status: 'approved' as const })));
    // Seeded as the likes would have left them: extra[i] has i + 1 points, given 10 days ago for the first five.
    await scene.database.db.insert(memberPointsDaily).values(extra.map((userId, i) => ({ communityId: other.id, userId, day: dayAgo(i < 5 ? 10 : 1), points: i + 1 })));
    await scene.database.db.insert(memberPoints).values(extra.map((userId, i) => ({ communityId: other.id, userId, points: i + 1 })));
    const last = extra[0]!;
    const all = await as(last).levels.board({ communityId: other.id, period: 'all' });
    expect(all.top).toHaveLength(10);
    expect(all.top[0]).toMatchObject({ rank: 1, points: 11, level: 2, user: { id: extra[10] } });
    expect(all.top.map((e) => e.user.id)).not.toContain(last);
    expect(all.me).toEqual({ rank: 11, points: 1, level: 1 });
    expect((await as(last).levels.board({ communityId: other.id, period: '30d' })).me).toEqual({ rank: 11, points: 1, level: 1 });
    const week = await as(last).levels.board({ communityId: other.id, period: '7d' });
    expect(week.top.map((e) => e.points)).toEqual([11, 10, 9, 8, 7, 6]);
    expect(week.me).toEqual({ rank: 7, points: 0, level: 1 });
  });

  it("locks a module above the member's level on the server, shows it with the level it needs, and never locks out the owner", async () => {
    const course = await as(owner).courses.create({ communityId, title: 'Gated', description: 'Levels matter', visibleToMembers: true });
    const [gated] = await scene.database.db.insert(courseModules).values({ courseId: course.id, title: 'Advanced', order: 1, requiredLevel: 3 }).returning();
    const [lesson] = await scene.database.db.insert(lessons).values({ moduleId: gated!.id, title: 'Deep dive', order: 1 }).returning();
    const member = fans[4]!;
    const outline = await as(member).courses.byId({ courseId: course.id });
    expect(outline.modules[0]).toMatchObject({ title: 'Advanced', requiredLevel: 3, locked: true, lessons: [{ title: 'Deep dive' }] });
    const locked = { code: 'FORBIDDEN', message: LEVEL_MESSAGES.locked(3) };
    await expect(as(member).courses.module({ moduleId: gated!.id })).rejects.toMatchObject(locked);
    await expect(as(member).courses.lesson({ lessonId: lesson!.id })).rejects.toMatchObject(locked);
    await expect(as(member).courses.setComplete({ lessonId: lesson!.id, completed: true })).rejects.toMatchObject(locked);
    expect((await as(owner).courses.byId({ courseId: course.id })).modules[0]).toMatchObject({ locked: false });
    expect(await as(owner).courses.lesson({ lessonId: lesson!.id })).toMatchObject({ title: 'Deep dive' });

    // Twenty points make level 3: the module opens.
    await scene.database.db
      .insert(memberPoints)
      .values({ communityId, userId: member, points: 20 })
      .onConflictDoUpdate({ target: [memberPoints.communityId, memberPoints.userId], set: { points: 20 } });
    expect((await as(member).courses.byId({ courseId: course.id })).modules[0]).toMatchObject({ locked: false });
    // The levels page says what level 3 opens here.
    expect((await as(member).levels.summary({ communityId })).levels[2]!.unlocks).toEqual([{ courseId: course.id, courseTitle: 'Gated', moduleTitle: 'Advanced' }]);
    expect(await as(member).courses.setComplete({ lessonId: lesson!.id, completed: true })).toMatchObject({ completed: true });
  });

  it('feed items carry their authors\' points, for the level badge', async () => {
    const [row] = await scene.database.db.select({ id: posts.id }).from(posts).where(eq(posts.userId, fans[5]!));
    const page = await as(author).posts.list({ communityId });
    expect(page.items.find((p) => p.id === row!.id)?.author.points).toBe(6);
    // And the members list, for theirs.
    const { approved } = await as(author).membership.members({ communityId });
    expect(approved.find((m) => m.userId === fans[5])?.points).toBe(6);
  });
});
