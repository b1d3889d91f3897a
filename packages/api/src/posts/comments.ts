import type { Queryable } from '@app/db';
import { comments, profiles } from '@app/db/schema';
import { createCommentInput, POST_MESSAGES, postIdInput } from '@app/shared/posts';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { publish } from '../platform/live/publish.ts';
import { memberProcedure } from '../core/trpc.ts';
import { commentColumns, commentCount } from './service.ts';
import { feedTopic } from './events.ts';
import { notifyOfComment } from './notices.ts';
import { checkMentions } from '../membership/mentions.ts';

/** A post shows at most this many comments (oldest first). */
export const COMMENTS_MAX = 500;

/**
 * A post's comments and replies, oldest first, for the community's members; a reply names its
 * thread (`replyTo`, the top comment), and a deleted top comment that holds replies comes with an
 * empty text and `deleted`.
 */
export const listComments = memberProcedure.input(postIdInput).query(({ ctx, input }) =>
  ctx.db
    .select(commentColumns(ctx.user.id))
    .from(comments)
    .innerJoin(profiles, eq(profiles.id, comments.userId))
    .where(eq(comments.postId, input.postId))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(COMMENTS_MAX),
);

/**
 * The thread a reply to `answeredId` joins: the top comment's id (threads are one level deep). The
 * top comment, then the answered one, are locked against deletion until the reply is stored (in the
 * order deleteComment locks them), so a reply never lands beside a comment being removed: that one
 * either keeps it (marked deleted) or is gone first (400).
 */
async function threadOf(tx: Queryable, postId: string, answeredId: string): Promise<string> {
  const notFound = new AppError('BAD_REQUEST', POST_MESSAGES.replyNotFound);
  const inPost = (id: string) => and(eq(comments.id, id), eq(comments.postId, postId));
  const [answered] = await tx.select({ replyToId: comments.replyToId }).from(comments).where(inPost(answeredId));
  if (!answered) throw notFound;
  const topId = answered.replyToId ?? answeredId;
  const [top] = await tx.select({ deletedAt: comments.deletedAt }).from(comments).where(inPost(topId)).for('key share');
  const [still] = topId === answeredId ? [top] : await tx.select({ deletedAt: comments.deletedAt }).from(comments).where(inPost(answeredId)).for('key share');
  // A deleted comment cannot be answered; its thread still can, through one of its replies.
  if (!top || !still || still.deletedAt) throw notFound;
  return topId;
}

/**
 * A member comments (1 to 250 characters after trimming, a mention counting as one), mentioning
 * members only, and perhaps replying to another comment of the same post: the reply joins that
 * comment's thread, and the answered comment's author is told.
 */
export const addComment = memberProcedure.meta({ rateLimit: 'comment:create' }).input(createCommentInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const mentioned = await checkMentions(tx, ctx.community.id, input.content, ctx.user.id);
    const answeredId = input.replyToId ?? null;
    const replyToId = answeredId ? await threadOf(tx, input.postId, answeredId) : null;
    const [inserted] = await tx.insert(comments).values({ postId: input.postId, userId: ctx.user.id, content: input.content, replyToId }).returning({ id: comments.id });
    const [comment] = await tx.select(commentColumns(ctx.user.id)).from(comments).innerJoin(profiles, eq(profiles.id, comments.userId)).where(eq(comments.id, inserted!.id));
    const count = await commentCount(tx, input.postId);
    await publish(tx, feedTopic(ctx.community.id), { type: 'comment.created', postId: input.postId, commentId: comment!.id, commentCount: count });
    await notifyOfComment(tx, { communityId: ctx.community.id, postId: input.postId, commentId: comment!.id, actorId: ctx.user.id, replyToId: answeredId, mentioned });
    return { comment: comment!, commentCount: count };
  }),
);
