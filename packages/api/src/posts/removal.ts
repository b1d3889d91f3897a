import type { Queryable } from '@app/db';
import { commentLikes, comments, posts } from '@app/db/schema';
import { POST_MESSAGES } from '@app/shared/posts';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { applyPoints, commentPoints, pointsOfPost } from '../levels/service.ts';
import { forgetComment } from '../notifications/service.ts';
import { publish } from '../platform/live/publish.ts';
import { feedTopic } from './events.ts';
import { commentCount } from './service.ts';

/*
 * Deleting a post or a comment, inside the caller's transaction: its author's own delete, a
 * moderator's (posts.delete, posts.deleteComment) and the moderation queue's 'remove' (moderation/).
 */

/** Locks a comment against replies and other changes until the transaction ends; null when it is gone. */
export async function lockComment(tx: Queryable, commentId: string) {
  const [row] = await tx
    .select({ postId: comments.postId, userId: comments.userId, replyToId: comments.replyToId, content: comments.content, deletedAt: comments.deletedAt })
    .from(comments)
    .where(eq(comments.id, commentId))
    .for('update');
  return row ?? null;
}

/**
 * Deletes a post with its likes and comments; the points those likes gave are taken back. Returns
 * its attachment's key, which the caller removes after the commit (discardUpload).
 */
export async function deletePost(tx: Queryable, communityId: string, postId: string): Promise<{ postId: string; authorId: string; attachmentKey: string | null }> {
  await applyPoints(tx, await pointsOfPost(tx, postId));
  const [deleted] = await tx
    .delete(posts)
    .where(eq(posts.id, postId))
    .returning({ postId: posts.id, authorId: posts.userId, attachmentKey: posts.attachmentKey });
  if (!deleted) throw new AppError('NOT_FOUND', POST_MESSAGES.notFound);
  await publish(tx, feedTopic(communityId), { type: 'post.deleted', postId: deleted.postId });
  return deleted;
}

/**
 * Deletes a comment; the points its likes gave are taken back. A top comment with replies is kept,
 * its text emptied and its likes and notices gone, to hold them ('Comment deleted'); anything else
 * is removed, and a deleted top comment goes with its last reply. The post's count leaves deleted
 * comments out. The thread's top comment is locked before the comment (the order addComment
 * takes), so a reply cannot slip in beside a removal.
 */
export async function deleteComment(tx: Queryable, communityId: string, commentId: string) {
  const [named] = await tx.select({ replyToId: comments.replyToId }).from(comments).where(eq(comments.id, commentId));
  const topId = named?.replyToId ?? null;
  if (topId) await lockComment(tx, topId);
  const target = await lockComment(tx, commentId);
  if (!target || target.deletedAt) throw new AppError('NOT_FOUND', POST_MESSAGES.commentNotFound);
  const { postId } = target;
  const topic = feedTopic(communityId);
  await applyPoints(tx, await commentPoints(tx, eq(comments.id, commentId)));
  const kept = (await tx.$count(comments, eq(comments.replyToId, commentId))) > 0;
  const removed: string[] = [];
  if (kept) {
    await tx.delete(commentLikes).where(eq(commentLikes.commentId, commentId));
    await tx.update(comments).set({ content: '', deletedAt: sql`now()` }).where(eq(comments.id, commentId));
    await forgetComment(tx, commentId);
  } else {
    await tx.delete(comments).where(eq(comments.id, commentId));
    removed.push(commentId);
  }
  if (topId && !kept) {
    const [top] = await tx.select({ deletedAt: comments.deletedAt }).from(comments).where(eq(comments.id, topId));
    if (top?.deletedAt && (await tx.$count(comments, eq(comments.replyToId, topId))) === 0) {
      await tx.delete(comments).where(eq(comments.id, topId));
      removed.push(topId);
    }
  }
  const count = await commentCount(tx, postId);
  await publish(tx, topic, { type: 'comment.deleted', postId, commentId, commentCount: count, kept });
  if (removed.length > 1) await publish(tx, topic, { type: 'comment.deleted', postId, commentId: topId!, commentCount: count, kept: false });
  return { postId, authorId: target.userId, commentId, commentCount: count, kept, removed };
}
