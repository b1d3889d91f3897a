import { ROLE_MESSAGES } from '@app/shared/roles';
import { postCategories, posts } from '@app/db/schema';
import { CATEGORY_MESSAGES } from '@app/shared/categories';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestCommunity, testSubscription, useTestWorld } from '../testing/index.ts';

const scene = useTestWorld();
const as = (userId: string | null) => callerFor(scene.database, userId).posts;

describe('post categories', () => {
  it('refuses a stranger, an applicant, a removed member and (to change them) a plain member; nothing changes', async () => {
    const { stranger, applicant, removed, member, owner, community } = scene.world;
    const communityId = community.id;
    const news = await as(owner).createCategory({ communityId, name: 'News', emoji: '📰' });
    for (const who of [stranger, applicant, removed]) {
      await expect(as(who).categories({ communityId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    for (const who of [stranger, applicant, removed, member]) {
      await expect(as(who).createCategory({ communityId, name: 'Mine', emoji: '🙂' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(as(who).updateCategory({ communityId, categoryId: news.id, name: 'Mine', emoji: '🙂' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(as(who).reorderCategories({ communityId, categoryIds: [news.id] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(as(who).deleteCategory({ communityId, categoryId: news.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(as(member).createCategory({ communityId, name: 'Mine', emoji: '🙂' })).rejects.toMatchObject({ message: ROLE_MESSAGES.adminsOnly });
    await expect(as(null).categories({ communityId })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await as(member).categories({ communityId })).toEqual([{ id: news.id, name: 'News', emoji: '📰', position: 0 }]);
    await as(owner).deleteCategory({ communityId, categoryId: news.id });
  });

  it('refuses bad names and emoji, an 11th category, a taken name and a wrong order, with clear words', async () => {
    const { owner, community } = scene.world;
    const communityId = community.id;
    await expect(as(owner).createCategory({ communityId, name: '  ', emoji: '📰' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: CATEGORY_MESSAGES.nameRequired });
    await expect(as(owner).createCategory({ communityId, name: 'x'.repeat(31), emoji: '📰' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: CATEGORY_MESSAGES.nameTooLong });
    for (const emoji of ['', 'ab', '📰📰', '1', 'x'.repeat(100)]) {
      await expect(as(owner).createCategory({ communityId, name: 'Bad', emoji })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: CATEGORY_MESSAGES.emoji });
    }
    const made = [];
    for (const [i, emoji] of ['🎉', '👨‍👩‍👧', '🇸🇦', '👍🏽', '❤️', '📚', '💡', '🎯', '🔥', '✅'].entries()) {
      made.push(await as(owner).createCategory({ communityId, name: `Topic ${i}`, emoji }));
    }
    await expect(as(owner).createCategory({ communityId, name: 'Eleventh', emoji: '🙂' })).rejects.toMatchObject({ code: 'CONFLICT', message: CATEGORY_MESSAGES.tooMany });
    await expect(as(owner).updateCategory({ communityId, categoryId: made[0]!.id, name: 'topic 1', emoji: '🎉' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: CATEGORY_MESSAGES.nameTaken,
    });
    const ids = made.map((c) => c.id);
    await expect(as(owner).reorderCategories({ communityId, categoryIds: ids.slice(1) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: CATEGORY_MESSAGES.order });
    await expect(as(owner).reorderCategories({ communityId, categoryIds: [ids[0]!, ...ids.slice(0, 9)] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(as(owner).reorderCategories({ communityId, categoryIds: [...ids, ids[0]!] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await as(owner).categories({ communityId })).map((c) => c.id)).toEqual(ids);
    await scene.database.db.delete(postCategories).where(eq(postCategories.communityId, communityId));
  });

  it('concurrent creations never make more than 10, nor two of one name', async () => {
    const { owner } = scene.world;
    const { id: communityId } = await createTestCommunity(scene.database, owner);
    const names = Array.from({ length: 12 }, (_, i) => `Race ${i % 11}`);
    const results = await Promise.allSettled(names.map((name) => as(owner).createCategory({ communityId, name, emoji: '🏁' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const kept = await as(owner).categories({ communityId });
    expect(new Set(kept.map((c) => c.name.toLowerCase())).size).toBe(10);
    expect(kept.map((c) => c.position)).toEqual([...Array(10).keys()]);
  });

  it("rename, reorder and delete; a category of another community is not found; a post's category must be the community's", async () => {
    const { owner, member, community } = scene.world;
    const communityId = community.id;
    const elsewhere = await createTestCommunity(scene.database, owner);
    const foreign = await as(owner).createCategory({ communityId: elsewhere.id, name: 'Foreign', emoji: '🌍' });
    const a = await as(owner).createCategory({ communityId, name: 'Announcements', emoji: '📣' });
    const b = await as(owner).createCategory({ communityId, name: 'Wins', emoji: '🏆' });
    await expect(as(owner).updateCategory({ communityId, categoryId: foreign.id, name: 'Stolen', emoji: '🏴' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(as(owner).deleteCategory({ communityId, categoryId: foreign.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(as(member).create({ communityId, content: 'wrong place', categoryId: foreign.id })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: CATEGORY_MESSAGES.notFound });

    const renamed = await as(owner).updateCategory({ communityId, categoryId: a.id, name: 'News', emoji: '📰' });
    expect(renamed).toMatchObject({ name: 'News', emoji: '📰' });
    await as(owner).reorderCategories({ communityId, categoryIds: [b.id, a.id] });
    expect((await as(member).categories({ communityId })).map((c) => c.name)).toEqual(['Wins', 'News']);

    const win = await as(member).create({ communityId, content: 'I shipped it', categoryId: b.id });
    expect(win.categoryId).toBe(b.id);
    // An edit naming no category keeps it; naming one moves the post; null takes it out.
    expect((await as(member).update({ postId: win.id, content: 'I shipped it!' })).categoryId).toBe(b.id);
    expect((await as(member).update({ postId: win.id, content: 'I shipped it!', categoryId: a.id })).categoryId).toBe(a.id);
    expect((await as(member).update({ postId: win.id, content: 'I shipped it!', categoryId: null })).categoryId).toBeNull();
    await as(member).update({ postId: win.id, content: 'I shipped it!', categoryId: b.id });

    const feed = await testSubscription((signal) => callerFor(scene.database, member, { signal }).posts.onFeed({ communityId }));
    const changed = feed.nextWhere((data) => data.type === 'categories.changed');
    await as(owner).deleteCategory({ communityId, categoryId: b.id });
    expect((await changed).data).toEqual({ type: 'categories.changed' });
    feed.close();
    const [post] = await scene.database.db.select({ categoryId: posts.categoryId }).from(posts).where(eq(posts.id, win.id));
    expect(post!.categoryId).toBeNull();
    expect((await as(member).categories({ communityId })).map((c) => c.name)).toEqual(['News']);
  });
});
