import { communities } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FORUM_HOST_ID } from './forum.ts';
import { callerFor, createTestUser, newPartner, testSubscription, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();

const as = (userId: string | null) => callerFor(scene.database, userId);

describe('the partners’ forum is the feed of one platform community', () => {
  it('is made once, on first use, hosted by the platform, and counts its partners only', async () => {
    const a = await newPartner(scene.database);
    const b = await newPartner(scene.database);
    const { forumId } = await as(a.userId).partners.me();
    expect((await as(b.userId).partners.me()).forumId).toBe(forumId);
    const forums = await scene.database.db.select().from(communities).where(eq(communities.isForum, true));
    expect(forums).toHaveLength(1);
    expect(forums[0]).toMatchObject({ id: forumId, ownerId: FORUM_HOST_ID, isPrivate: true, membersCount: 2 });
    const members = await as(a.userId).membership.members({ communityId: forumId! });
    expect(members.approved.map((m) => m.userId).sort()).toEqual([a.userId, b.userId].sort());
  });

  it('two partners post, comment and like through the posts domain, live; a non-partner cannot read or write it', async () => {
    const a = await newPartner(scene.database);
    const b = await newPartner(scene.database);
    const forumId = (await as(a.userId).partners.me()).forumId!;
    const feed = await testSubscription((signal) => callerFor(scene.database, b.userId, { signal }).posts.onFeed({ communityId: forumId }));
    try {
      const first = feed.next();
      const post = await as(a.userId).posts.create({ communityId: forumId, content: 'Which niches refer best?', feeling: null });
      expect((await first).data).toMatchObject({ type: 'post.created', post: { id: post.id, content: 'Which niches refer best?' } });

      await as(b.userId).posts.addComment({ postId: post.id, content: 'Coding bootcamps, by far.' });
      expect((await feed.nextWhere((e) => e.type === 'comment.created')).data).toMatchObject({ comment: { content: 'Coding bootcamps, by far.' }, commentCount: 1 });
      await as(b.userId).posts.like({ postId: post.id, liked: true });
      expect((await feed.nextWhere((e) => e.type === 'post.liked')).data).toMatchObject({ postId: post.id, likeCount: 1, userId: b.userId });
    } finally {
      feed.close();
    }
    const page = await as(b.userId).posts.list({ communityId: forumId });
    expect(page.items[0]).toMatchObject({ content: 'Which niches refer best?', likeCount: 1, commentCount: 1 });

    const outsider = await createTestUser(scene.database);
    const refusal = { code: 'FORBIDDEN', message: COMMUNITY_MESSAGES.membersOnly };
    await expect(as(outsider).posts.list({ communityId: forumId })).rejects.toMatchObject(refusal);
    await expect(as(outsider).posts.create({ communityId: forumId, content: 'Let me in', feeling: null })).rejects.toMatchObject(refusal);
    await expect(as(null).posts.list({ communityId: forumId })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // Only its author (or the host, whom nobody can sign in as) changes a post.
    await expect(as(b.userId).posts.delete({ postId: page.items[0]!.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('a partner who left the forum is let back in by joining the programme again', async () => {
    const a = await newPartner(scene.database);
    const forumId = (await as(a.userId).partners.me()).forumId!;
    await as(a.userId).membership.leave({ communityId: forumId });
    await expect(as(a.userId).posts.list({ communityId: forumId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const again = await as(a.userId).partners.join();
    expect(again.referralCode).toBe(a.referralCode);
    await expect(as(a.userId).posts.list({ communityId: forumId })).resolves.toHaveProperty('items');
  });
});
