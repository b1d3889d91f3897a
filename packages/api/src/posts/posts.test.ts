import { comments, communities, communityMembers, liveEvents, notificationOutbox, posts } from '@app/db/schema';
import { POST_MESSAGES } from '@app/shared/posts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestUser, storeTestUpload, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();
let owner: string;
let member: string;
let other: string;
let stranger: string;
let communityId: string;

beforeAll(async () => {
  owner = await createTestUser(scene.database);
  member = await createTestUser(scene.database);
  other = await createTestUser(scene.database);
  stranger = await createTestUser(scene.database);
  const [row] = await scene.database.db.insert(communities).values({ name: `Feed ${Date.now()}`, ownerId: owner, membersCount: 3 }).returning({ id: communities.id });
  communityId = row!.id;
  await scene.database.db.insert(communityMembers).values([
    { communityId, userId: owner, role: 'owner', status: 'approved' },
    { communityId, userId: member, role: 'member', status: 'approved' },
    { communityId, userId: other, role: 'member', status: 'approved' },
  ]);
});

const as = (userId: string | null) => callerFor(scene.database, userId).posts;

describe('posts', () => {
  it('a non-member cannot list, create, like or comment; a signed-out visitor neither', async () => {
    const post = await as(member).create({ communityId, content: 'members only' });
    for (const caller of [as(stranger), as(null)]) {
      await expect(caller.list({ communityId })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHORIZED/) });
      await expect(caller.create({ communityId, content: 'let me in' })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHORIZED/) });
      await expect(caller.like({ postId: post.id, liked: true })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHORIZED/) });
      await expect(caller.addComment({ postId: post.id, content: 'hi' })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHORIZED/) });
      await expect(caller.byId({ postId: post.id })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHORIZED/) });
      await expect(caller.comments({ postId: post.id })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHORIZED/) });
    }
    expect(await scene.database.db.$count(posts, eq(posts.content, 'let me in'))).toBe(0);
  });

  it('byId reads one post as a feed item for members (what a link from the bell opens); a deleted one is NOT_FOUND', async () => {
    const post = await as(member).create({ communityId, content: 'Linked from a notification' });
    await as(other).like({ postId: post.id, liked: true });
    expect(await as(other).byId({ postId: post.id })).toMatchObject({ id: post.id, content: 'Linked from a notification', likeCount: 1, likedByMe: true, author: { id: member } });
    await as(member).delete({ postId: post.id });
    await expect(as(other).byId({ postId: post.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('creates a post with its feeling, a live event and a notification outbox row, in one go', async () => {
    const created = await as(member).create({ communityId, content: '  Week one done!  ', feeling: 'celebrating' });
    expect(created).toMatchObject({ content: 'Week one done!', feeling: 'celebrating', likeCount: 0, likedByMe: false, commentCount: 0, author: { id: member } });
    const [event] = await scene.database.db.select().from(liveEvents).where(eq(liveEvents.type, 'post.created')).orderBy(liveEvents.id).limit(1).offset(1);
    expect(event?.topic).toBe(`community:${communityId}`);
    const outbox = await scene.database.db.select().from(notificationOutbox);
    expect(outbox.find((row) => (row.payload as { postId: string }).postId === created.id)).toMatchObject({ event: 'post.created', deliveredAt: null });
    await expect(as(member).create({ communityId, content: '   ' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: POST_MESSAGES.contentRequired });
    await expect(as(member).create({ communityId, content: 'x', feeling: 'grumpy' as never })).rejects.toMatchObject({ message: POST_MESSAGES.feeling });
  });

  it("refuses an attachment that is not the member's own stored upload", async () => {
    await expect(as(member).create({ communityId, content: 'file', attachmentKey: `${other}/notes.pdf` })).rejects.toMatchObject({ message: POST_MESSAGES.attachment });
    const key = `${member}/notes.pdf`;
    await storeTestUpload(scene.database, member, 'documents-post', key, Buffer.from('%PDF-1.4'), 'application/pdf');
    const post = await as(member).create({ communityId, content: 'file', attachmentKey: key });
    expect(post).toMatchObject({ attachmentType: 'application/pdf', attachmentUrl: `/api/posts/${post.id}/attachment` });
  });

  it('pages the feed 10 at a time, newest first, with counts and liked-by-me', async () => {
    const [row] = await scene.database.db.insert(communities).values({ name: `Paged ${Date.now()}`, ownerId: owner, membersCount: 1 }).returning({ id: communities.id });
    const paged = row!.id;
    await scene.database.db.insert(communityMembers).values({ communityId: paged, userId: owner, role: 'owner', status: 'approved' });
    for (let i = 1; i <= 25; i += 1) await as(owner).create({ communityId: paged, content: `post ${i}` });
    const first = await as(owner).list({ communityId: paged });
    await as(owner).like({ postId: first.items[0]!.id, liked: true });
    const pages = [];
    let cursor = null;
    do {
      const page: Awaited<ReturnType<ReturnType<typeof as>['list']>> = await as(owner).list({ communityId: paged, cursor });
      pages.push(page.items.map((p) => p.content));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(Array.from({ length: 25 }, (_, i) => `post ${25 - i}`));
    const again = await as(owner).list({ communityId: paged });
    expect(again.items[0]).toMatchObject({ likeCount: 1, likedByMe: true });
  });

  it('likes are idempotent: one like per person and post', async () => {
    const post = await as(member).create({ communityId, content: 'like me' });
    await as(other).like({ postId: post.id, liked: true });
    expect(await as(other).like({ postId: post.id, liked: true })).toMatchObject({ likeCount: 1, liked: true });
    expect(await as(owner).like({ postId: post.id, liked: true })).toMatchObject({ likeCount: 2 });
    expect(await as(other).like({ postId: post.id, liked: false })).toMatchObject({ likeCount: 1, liked: false });
    expect(await as(other).like({ postId: post.id, liked: false })).toMatchObject({ likeCount: 1 });
  });

  it('only the author or the owner edits and deletes a post', async () => {
    const post = await as(member).create({ communityId, content: 'original' });
    await expect(as(other).update({ postId: post.id, content: 'vandalised' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: POST_MESSAGES.notAuthor });
    await expect(as(other).delete({ postId: post.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(stranger).delete({ postId: post.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(post.updatedAt.getTime()).toBe(post.createdAt.getTime());
    const edited = await as(member).update({ postId: post.id, content: 'edited', feeling: 'happy' });
    expect(edited).toMatchObject({ content: 'edited', feeling: 'happy' });
    // An edit straight after posting is still later than the post, so it shows as edited.
    expect(edited.updatedAt.getTime()).toBeGreaterThan(edited.createdAt.getTime());
    expect(await as(owner).update({ postId: post.id, content: 'moderated' })).toMatchObject({ content: 'moderated' });
    await as(owner).delete({ postId: post.id });
    expect(await scene.database.db.$count(posts, eq(posts.id, post.id))).toBe(0);
  });

  it('comments: 1 to 250 characters after trimming; a 251-character one is refused and nothing stored', async () => {
    const post = await as(member).create({ communityId, content: 'talk to me' });
    await expect(as(other).addComment({ postId: post.id, content: 'x'.repeat(251) })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: POST_MESSAGES.commentLength });
    await expect(as(other).addComment({ postId: post.id, content: '    ' })).rejects.toMatchObject({ message: POST_MESSAGES.commentLength });
    expect(await scene.database.db.$count(comments, eq(comments.postId, post.id))).toBe(0);
    const { comment, commentCount } = await as(other).addComment({ postId: post.id, content: `  ${'y'.repeat(250)}  ` });
    expect([comment.content.length, commentCount]).toEqual([250, 1]);
    expect((await as(member).comments({ postId: post.id })).map((c) => c.author.id)).toEqual([other]);

    await expect(as(member).deleteComment({ commentId: comment.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await as(owner).deleteComment({ commentId: comment.id })).toMatchObject({ commentCount: 0 });
  });
});
