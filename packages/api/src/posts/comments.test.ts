import { commentLikes, comments, notifications } from '@app/db/schema';
import { mentionToken } from '@app/shared/mentions';
import { POST_MESSAGES } from '@app/shared/posts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, testSubscription, unlimitedRateLimiter, useTestWorld } from '../testing/index.ts';

/** Threaded replies, edited and deleted comments, and the post's comment count (issue 24). */

const scene = useTestWorld();
const as = (userId: string) => callerFor(scene.database, userId, { rateLimiter: unlimitedRateLimiter });

async function told(recipientId: string, commentId: string) {
  return scene.database.db
    .select({ kind: notifications.kind, groupKey: notifications.groupKey, actorId: notifications.actorId })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.commentId, commentId)));
}

async function newPost(content: string) {
  const { owner, community } = scene.world;
  return as(owner).posts.create({ communityId: community.id, content });
}

const countOf = async (postId: string) => (await as(scene.world.owner).posts.byId({ postId })).commentCount;

describe('threaded replies', () => {
  it('a reply joins the top comment’s thread, a reply to a reply too (one level deep), and tells the answered comment’s author', async () => {
    const { owner, member, other } = scene.world;
    const post = await newPost('Thread me');
    const { comment: top } = await as(member).posts.addComment({ postId: post.id, content: 'Top' });
    const { comment: first } = await as(other).posts.addComment({ postId: post.id, content: `${mentionToken(member)} first`, replyToId: top.id });
    const { comment: second, commentCount } = await as(member).posts.addComment({ postId: post.id, content: `${mentionToken(other)} second`, replyToId: first.id });
    expect(first.replyTo).toEqual({ id: top.id, author: expect.objectContaining({ id: member }) });
    expect(second.replyTo).toEqual({ id: top.id, author: expect.objectContaining({ id: member }) });
    expect(commentCount).toBe(3);
    // The answered reply's author is told of the reply, once; the thread's author (who wrote it) is not told of their own.
    expect(await told(other, second.id)).toEqual([{ kind: 'comment.replied', groupKey: `comment.replied:${first.id}`, actorId: member }]);
    expect(await told(member, second.id)).toEqual([]);
    expect(await told(member, first.id)).toEqual([{ kind: 'comment.replied', groupKey: `comment.replied:${top.id}`, actorId: other }]);
    expect((await told(owner, second.id)).map((n) => n.kind)).toEqual(['post.commented']);

    const list = await as(owner).posts.comments({ postId: post.id });
    expect(list.map((c) => [c.content.replace(/@\[[^\]]+\] /, ''), c.replyTo?.id ?? null, c.editedAt, c.deleted])).toEqual([
      ['Top', null, null, false],
      ['first', top.id, null, false],
      ['second', top.id, null, false],
    ]);
  });

  it('refuses to answer a deleted comment, but its thread goes on through its replies', async () => {
    const { member, other } = scene.world;
    const post = await newPost('Gone but held');
    const { comment: top } = await as(member).posts.addComment({ postId: post.id, content: 'Top' });
    const { comment: reply } = await as(other).posts.addComment({ postId: post.id, content: 'Reply', replyToId: top.id });
    await as(member).posts.deleteComment({ commentId: top.id });
    await expect(as(other).posts.addComment({ postId: post.id, content: 'to the gone', replyToId: top.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: POST_MESSAGES.replyNotFound,
    });
    const { comment: more } = await as(member).posts.addComment({ postId: post.id, content: 'more', replyToId: reply.id });
    expect(more.replyTo?.id).toBe(top.id);
  });

  it('a reply racing the deletion of its top comment is either held by it or refused, never lost or a server error', async () => {
    const { member, other } = scene.world;
    for (let round = 0; round < 6; round++) {
      const post = await newPost(`Race ${round}`);
      const { comment: top } = await as(member).posts.addComment({ postId: post.id, content: 'Top' });
      const [reply, removal] = await Promise.allSettled([
        as(other).posts.addComment({ postId: post.id, content: 'quick', replyToId: top.id }),
        as(member).posts.deleteComment({ commentId: top.id }),
      ]);
      expect(removal.status).toBe('fulfilled');
      const rows = await scene.database.db.select({ id: comments.id, replyToId: comments.replyToId, deleted: comments.deletedAt }).from(comments).where(eq(comments.postId, post.id));
      if (reply.status === 'fulfilled') {
        // The reply is in the thread, and the top comment stays, marked deleted.
        expect(rows.find((r) => r.id === reply.value.comment.id)?.replyToId).toBe(top.id);
        expect(rows.find((r) => r.id === top.id)?.deleted).toBeInstanceOf(Date);
        expect(await countOf(post.id)).toBe(1);
      } else {
        expect(reply.reason).toMatchObject({ code: 'BAD_REQUEST', message: POST_MESSAGES.replyNotFound });
        expect(rows).toEqual([]);
        expect(await countOf(post.id)).toBe(0);
      }
    }
  });
});

describe('posts.updateComment', () => {
  it('lets the author edit, marked edited, live on another member’s page; the same text changes nothing', async () => {
    const { member, other, community } = scene.world;
    const post = await newPost('Edit me');
    const { comment } = await as(member).posts.addComment({ postId: post.id, content: 'Frist' });
    const feed = await testSubscription((signal) => callerFor(scene.database, other, { signal }).posts.onFeed({ communityId: community.id }));
    const next = feed.nextWhere((data) => data.type === 'comment.updated');
    const edited = await as(member).posts.updateComment({ commentId: comment.id, content: '  First  ' });
    expect(edited).toMatchObject({ id: comment.id, content: 'First', deleted: false });
    expect(edited.editedAt).toBeInstanceOf(Date);
    expect((await next).data).toMatchObject({ type: 'comment.updated', postId: post.id, comment: { id: comment.id, content: 'First', editedAt: expect.any(Date) } });
    feed.close();

    const again = await as(member).posts.updateComment({ commentId: comment.id, content: 'First' });
    expect(again.editedAt).toEqual(edited.editedAt);
    expect(await countOf(post.id)).toBe(1);
  });

  it('refuses everyone but the author (the owner too), bad input and a deleted comment, changing nothing', async () => {
    const { owner, member, other, stranger, removed, applicant } = scene.world;
    const post = await newPost('Hands off');
    const { comment } = await as(member).posts.addComment({ postId: post.id, content: 'Mine' });
    for (const who of [owner, other]) {
      await expect(as(who).posts.updateComment({ commentId: comment.id, content: 'Yours' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: POST_MESSAGES.notCommentEditor });
    }
    for (const who of [stranger, removed, applicant]) {
      await expect(as(who).posts.updateComment({ commentId: comment.id, content: 'Yours' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(callerFor(scene.database, null).posts.updateComment({ commentId: comment.id, content: 'Yours' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    for (const content of ['   ', 'x'.repeat(251)]) {
      await expect(as(member).posts.updateComment({ commentId: comment.id, content })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: POST_MESSAGES.commentLength });
    }
    await expect(as(member).posts.updateComment({ commentId: comment.id, content: `hi ${mentionToken(stranger)}` })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const [row] = await scene.database.db.select({ content: comments.content, editedAt: comments.editedAt }).from(comments).where(eq(comments.id, comment.id));
    expect(row).toEqual({ content: 'Mine', editedAt: null });

    await as(other).posts.addComment({ postId: post.id, content: 'held', replyToId: comment.id });
    await as(member).posts.deleteComment({ commentId: comment.id });
    await expect(as(member).posts.updateComment({ commentId: comment.id, content: 'Back' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: POST_MESSAGES.commentNotFound });
  });

  it('an edit that adds a mention tells only the person added', async () => {
    const { owner, member, other } = scene.world;
    const post = await newPost('Mentions');
    const { comment } = await as(member).posts.addComment({ postId: post.id, content: `hi ${mentionToken(other)}` });
    expect((await told(other, comment.id)).map((n) => n.kind)).toEqual(['mention']);
    await as(member).posts.updateComment({ commentId: comment.id, content: `hi ${mentionToken(other)} and ${mentionToken(owner)}` });
    expect((await told(other, comment.id)).map((n) => n.kind)).toEqual(['mention']);
    // The owner, the post's author, heard of the comment; now of the mention too.
    expect((await told(owner, comment.id)).map((n) => n.kind).sort()).toEqual(['mention', 'post.commented']);
  });
});

describe('posts.deleteComment in threads', () => {
  it('keeps a top comment with replies as deleted (text, likes and their points gone), then removes it with its last reply; the count leaves it out', async () => {
    const { owner, member, other, community } = scene.world;
    const post = await newPost('Counting');
    const { comment: top } = await as(other).posts.addComment({ postId: post.id, content: 'Top' });
    const { comment: reply } = await as(other).posts.addComment({ postId: post.id, content: 'Reply', replyToId: top.id });
    await as(member).posts.likeComment({ commentId: top.id, liked: true });
    expect((await as(owner).posts.comments({ postId: post.id })).find((c) => c.id === reply.id)?.author.points).toBe(1);

    const feed = await testSubscription((signal) => callerFor(scene.database, member, { signal }).posts.onFeed({ communityId: community.id }));
    const kept = feed.nextWhere((data) => data.type === 'comment.deleted' && data.commentId === top.id);
    expect(await as(other).posts.deleteComment({ commentId: top.id })).toEqual({ postId: post.id, commentId: top.id, commentCount: 1, kept: true, removed: [] });
    expect((await kept).data).toEqual({ type: 'comment.deleted', postId: post.id, commentId: top.id, commentCount: 1, kept: true });

    const list = await as(owner).posts.comments({ postId: post.id });
    expect(list.map((c) => [c.id, c.content, c.deleted, c.likeCount])).toEqual([
      [top.id, '', true, 0],
      [reply.id, 'Reply', false, 0],
    ]);
    expect(list[1]!.author.points).toBe(0);
    expect(await scene.database.db.$count(commentLikes, eq(commentLikes.commentId, top.id))).toBe(0);
    expect(await countOf(post.id)).toBe(1);
    await expect(as(member).posts.likeComment({ commentId: top.id, liked: true })).rejects.toMatchObject({ code: 'NOT_FOUND', message: POST_MESSAGES.commentNotFound });
    await expect(as(other).posts.deleteComment({ commentId: top.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // The owner deletes the last reply: the emptied top comment goes with it, both live.
    const gone = feed.nextWhere((data) => data.type === 'comment.deleted' && data.commentId === top.id);
    expect(await as(owner).posts.deleteComment({ commentId: reply.id })).toEqual({ postId: post.id, commentId: reply.id, commentCount: 0, kept: false, removed: [reply.id, top.id] });
    expect((await gone).data).toEqual({ type: 'comment.deleted', postId: post.id, commentId: top.id, commentCount: 0, kept: false });
    feed.close();
    expect(await as(owner).posts.comments({ postId: post.id })).toEqual([]);
    expect(await countOf(post.id)).toBe(0);
  });

  it('removes a comment without replies, and a reply, outright; only its author or the owner may', async () => {
    const { owner, member, other, stranger } = scene.world;
    const post = await newPost('Plain');
    const { comment: top } = await as(member).posts.addComment({ postId: post.id, content: 'Top' });
    const { comment: reply } = await as(other).posts.addComment({ postId: post.id, content: 'Reply', replyToId: top.id });
    await expect(as(member).posts.deleteComment({ commentId: reply.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: POST_MESSAGES.notCommentAuthor });
    await expect(as(stranger).posts.deleteComment({ commentId: reply.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await as(other).posts.deleteComment({ commentId: reply.id })).toMatchObject({ commentCount: 1, kept: false, removed: [reply.id] });
    expect(await as(owner).posts.deleteComment({ commentId: top.id })).toMatchObject({ commentCount: 0, kept: false, removed: [top.id] });
    expect(await scene.database.db.$count(comments, eq(comments.postId, post.id))).toBe(0);
  });
});
