import { communityMembers, comments, postLikes, posts } from '@app/db/schema';
import { POST_MESSAGES } from '@app/shared/posts';
import type { FeedSort } from '@app/shared/categories';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestCommunity, createTestUser, testSubscription, useTestDatabase } from '../testing/index.ts';

/*
 * Every category chip with every sort, paged 4 at a time over 23 posts: the pages, put together,
 * are exactly the view's posts in the view's order, none twice.
 */

const scene = useTestDatabase();
let owner: string;
let likers: string[];
let communityId: string;
let categories: { id: string; name: string }[];
interface Made { id: string; categoryId: string | null; createdAt: number; likes: number; activeAt: number }
const made: Made[] = [];

const as = (userId: string) => callerFor(scene.database, userId).posts;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  const { db } = scene.database;
  owner = await createTestUser(scene.database);
  likers = await Promise.all(Array.from({ length: 5 }, () => createTestUser(scene.database)));
  communityId = (await createTestCommunity(scene.database, owner, { membersCount: 6 })).id;
  await db.insert(communityMembers).values(likers.map((userId) => ({ communityId, userId, role: 'member' as const, status: 'approved' as const })));
  categories = [await as(owner).createCategory({ communityId, name: 'Wins', emoji: '🏆' }), await as(owner).createCategory({ communityId, name: 'Help', emoji: '🆘' })];
  const base = Date.now() - 3 * DAY;
  for (let i = 0; i < 23; i++) {
    const categoryId = i % 3 === 2 ? null : categories[i % 3]!.id;
    const post = await as(likers[i % 5]!).create({ communityId, content: `post ${i}`, categoryId });
    // Two posts share a moment (the id breaks the tie); the rest are a minute apart.
    const createdAt = base + (i === 7 ? 6 : i) * 60_000;
    await db.update(posts).set({ createdAt: new Date(createdAt) }).where(sql`${posts.id} = ${post.id}`);
    // Likes this week: i mod 4 of them, so many posts tie; post 5 also has 3 old likes that do not count.
    const likes = i % 4;
    for (let k = 0; k < likes; k++) await db.insert(postLikes).values({ postId: post.id, userId: likers[k]! });
    if (i === 5) {
      await db.delete(postLikes).where(sql`${postLikes.postId} = ${post.id}`);
      for (let k = 0; k < 3; k++) await db.insert(postLikes).values({ postId: post.id, userId: likers[k]!, createdAt: new Date(Date.now() - 9 * DAY) });
    }
    // A comment on every third post, at a time of its own (post 9's is its latest, older than later posts).
    let activeAt = createdAt;
    if (i % 3 === 0) {
      const { comment } = await as(owner).addComment({ postId: post.id, content: 'nice' });
      activeAt = base + (40 - i) * 60_000;
      await db.update(comments).set({ createdAt: new Date(activeAt) }).where(sql`${comments.id} = ${comment.id}`);
    }
    made.push({ id: post.id, categoryId, createdAt, likes: i === 5 ? 0 : likes, activeAt });
  }
});

function expected(sort: FeedSort, categoryId: string | null) {
  const rows = made.filter((p) => !categoryId || p.categoryId === categoryId);
  const byId = (a: Made, b: Made) => (a.id < b.id ? 1 : -1);
  const key = (p: Made): number[] => (sort === 'new' ? [p.createdAt] : sort === 'top' ? [p.likes, p.createdAt] : [p.activeAt]);
  return rows
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
      return byId(a, b);
    })
    .map((p) => p.id);
}

async function allPages(sort: FeedSort, categoryId: string | null) {
  const ids: string[] = [];
  let cursor = undefined as Awaited<ReturnType<ReturnType<typeof as>['list']>>['nextCursor'] | undefined;
  let pages = 0;
  do {
    const page = await as(likers[0]!).list({ communityId, sort, categoryId, limit: 4, cursor });
    expect(page.items.length).toBeLessThanOrEqual(4);
    ids.push(...page.items.map((p) => p.id));
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { ids, pages };
}

describe('feed views: categories and sorts', () => {
  for (const sort of ['new', 'top', 'active'] as const) {
    for (const chip of ['All', 'Wins', 'Help'] as const) {
      it(`${chip}, sorted by ${sort}, pages with a cursor: every post once, in order`, async () => {
        const categoryId = chip === 'All' ? null : categories.find((c) => c.name === chip)!.id;
        const { ids, pages } = await allPages(sort, categoryId);
        expect(ids).toEqual(expected(sort, categoryId));
        expect(pages).toBeGreaterThan(1);
      });
    }
  }

  it("'top' counts only the week's likes; 'active' puts a post with a fresh comment first", async () => {
    const top = await as(owner).list({ communityId, sort: 'top', limit: 50 });
    const five = top.items.find((p) => p.id === made[5]!.id)!;
    expect(five.likeCount).toBe(3);
    expect(top.items.indexOf(five)).toBeGreaterThan(top.items.findIndex((p) => p.likeCount === 1));
    const active = await as(owner).list({ communityId, sort: 'active', limit: 1 });
    expect(active.items[0]!.id).toBe(made[0]!.id);
  });

  it('refuses a cursor that does not fit the sort, and an unknown sort, with clear words', async () => {
    const first = await as(owner).list({ communityId, sort: 'new', limit: 2 });
    await expect(as(owner).list({ communityId, sort: 'top', cursor: first.nextCursor })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: POST_MESSAGES.cursor });
    await expect(as(owner).list({ communityId, sort: 'active', cursor: first.nextCursor })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: POST_MESSAGES.cursor });
    await expect(as(owner).list({ communityId, sort: 'hot' as FeedSort })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: POST_MESSAGES.sort });
    await expect(as(owner).list({ communityId, categoryId: 'wins' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("live: a new post and an edit carry their category, so an open feed can keep to its chip", async () => {
    const feed = await testSubscription((signal) => callerFor(scene.database, owner, { signal }).posts.onFeed({ communityId }));
    const created = feed.nextWhere((data) => data.type === 'post.created');
    const post = await as(likers[1]!).create({ communityId, content: 'asking for help', categoryId: categories[1]!.id });
    expect((await created).data).toMatchObject({ type: 'post.created', post: { id: post.id, categoryId: categories[1]!.id, pinnedAt: null } });
    const updated = feed.nextWhere((data) => data.type === 'post.updated');
    await as(likers[1]!).update({ postId: post.id, content: 'a win after all', categoryId: categories[0]!.id });
    expect((await updated).data).toMatchObject({ type: 'post.updated', postId: post.id, categoryId: categories[0]!.id });
    feed.close();
  });
});
