import { ROLE_MESSAGES } from '@app/shared/roles';
import { postPins, posts } from '@app/db/schema';
import { PIN_MESSAGES } from '@app/shared/pins';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, testSubscription, useTestWorld } from '../testing/index.ts';

const scene = useTestWorld();
const as = (userId: string | null) => callerFor(scene.database, userId).posts;

async function newPosts(n: number, prefix: string) {
  const { community, member } = scene.world;
  const made = [];
  for (let i = 0; i < n; i++) made.push(await as(member).create({ communityId: community.id, content: `${prefix} ${i}` }));
  return made;
}

describe('pinned posts', () => {
  it('refuses a stranger, a removed member, an applicant and a plain member; nothing is pinned', async () => {
    const { stranger, removed, applicant, member, other, post } = scene.world;
    for (const who of [stranger, removed, applicant]) {
      await expect(as(who).pin({ postId: post.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    // The post's own author is no moderator either.
    for (const who of [member, other]) {
      await expect(as(who).pin({ postId: post.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: ROLE_MESSAGES.moderatorsOnly });
      await expect(as(who).unpin({ postId: post.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(as(null).pin({ postId: post.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(as(scene.world.owner).pin({ postId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(as(scene.world.owner).pin({ postId: 'nope' })).rejects.toMatchObject({ code: expect.stringMatching(/BAD_REQUEST|NOT_FOUND/) });
    expect(await scene.database.db.select().from(postPins)).toHaveLength(0);
  });

  it('the owner pins up to 3 posts, which lead the feed in the order pinned, marked; a fourth is refused; unpin', async () => {
    const { owner, member, community } = scene.world;
    const [a, b, c, d] = await newPosts(4, 'pin me');
    await as(owner).pin({ postId: b!.id });
    await as(owner).pin({ postId: a!.id });
    const again = await as(owner).pin({ postId: a!.id });
    expect(again.pinnedAt).toBeInstanceOf(Date);
    await as(owner).pin({ postId: d!.id });
    await expect(as(owner).pin({ postId: c!.id })).rejects.toMatchObject({ code: 'CONFLICT', message: PIN_MESSAGES.tooMany });

    const feed = await as(member).list({ communityId: community.id, limit: 2 });
    expect(feed.items.map((p) => p.id).slice(0, 3)).toEqual([b!.id, a!.id, d!.id]);
    expect(feed.items.slice(0, 3).every((p) => p.pinnedAt instanceof Date && !Number.isNaN(p.pinnedAt.getTime()))).toBe(true);
    // Then the newest unpinned posts; pinned ones do not come again further down.
    expect(feed.items).toHaveLength(3 + 2);
    expect(feed.items[3]!.id).toBe(c!.id);
    const all = [...feed.items];
    let cursor = feed.nextCursor;
    while (cursor) {
      const next = await as(member).list({ communityId: community.id, limit: 2, cursor });
      all.push(...next.items);
      cursor = next.nextCursor;
    }
    const ids = all.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(scene.world.post.id);

    // Under a sort other than 'new', pinned posts stand where the sort puts them, still marked.
    const top = await as(member).list({ communityId: community.id, sort: 'active', limit: 50 });
    expect(top.items[0]!.id).toBe(d!.id);
    expect(top.items.find((p) => p.id === b!.id)?.pinnedAt).toBeInstanceOf(Date);

    await as(owner).unpin({ postId: a!.id });
    await as(owner).unpin({ postId: a!.id });
    await as(owner).pin({ postId: c!.id });
    const after = await as(member).list({ communityId: community.id, limit: 10 });
    expect(after.items.slice(0, 3).map((p) => p.id)).toEqual([b!.id, d!.id, c!.id]);
    expect(after.items.find((p) => p.id === a!.id)?.pinnedAt).toBeNull();
  });

  it('concurrent pins never make more than 3', async () => {
    const { owner, community } = scene.world;
    await scene.database.db.delete(postPins).where(eq(postPins.communityId, community.id));
    const made = await newPosts(6, 'race');
    const results = await Promise.allSettled(made.map((p) => as(owner).pin({ postId: p.id })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await scene.database.db.select().from(postPins).where(eq(postPins.communityId, community.id))).toHaveLength(3);
  });

  it("a pin and an unpin reach the other members' open feeds; a deleted post leaves the pins", async () => {
    const { owner, member, community } = scene.world;
    await scene.database.db.delete(postPins).where(eq(postPins.communityId, community.id));
    const [post] = await newPosts(1, 'live pin');
    const feed = await testSubscription((signal) => callerFor(scene.database, member, { signal }).posts.onFeed({ communityId: community.id }));
    const pinned = feed.nextWhere((data) => data.type === 'post.pinned');
    await as(owner).pin({ postId: post!.id });
    expect((await pinned).data).toEqual({ type: 'post.pinned', postId: post!.id, pinned: true });
    const unpinned = feed.nextWhere((data) => data.type === 'post.pinned');
    await as(owner).unpin({ postId: post!.id });
    expect((await unpinned).data).toEqual({ type: 'post.pinned', postId: post!.id, pinned: false });
    feed.close();

    await as(owner).pin({ postId: post!.id });
    await scene.database.db.delete(posts).where(eq(posts.id, post!.id));
    expect(await scene.database.db.select().from(postPins).where(eq(postPins.postId, post!.id))).toHaveLength(0);
  });
});
