import { comments, profiles } from '@app/db/schema';
import { applyPoints, commentPoints } from '../levels/service.ts';
import { commentIdInput, createCommentInput, POST_MESSAGES, postIdInput } from '@app/shared/posts';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { publish } from '../platform/live/publish.ts';
import { authorOrOwnerProcedure, memberProcedure } from '../core/trpc.ts';
import { commentColumns, commentCount } from './service.ts';
import { feedTopic } from './events.ts';
import { notifyOfComment } from './notices.ts';
import { checkMentions } from '../membership/mentions.ts';

/** A post shows at most this many comments (oldest first). */
export const COMMENTS_MAX = 500;

/** A post's comments, oldest first, for the community's members. */
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
 * A member comments (1 to 250 characters after trimming, a mention counting as one), mentioning
 * members only, and perhaps replying to another comment of the same post.
 */
export const addComment = memberProcedure.meta({ rateLimit: 'comment:create' }).input(createCommentInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const mentioned = await checkMentions(tx, ctx.community.id, input.content);
    const replyToId = input.replyToId ?? null;
    if (replyToId && (await tx.$count(comments, and(eq(comments.id, replyToId), eq(comments.postId, input.postId)))) === 0) throw new AppError('BAD_REQUEST', POST_MESSAGES.replyNotFound);
    const [inserted] = await tx.insert(comments).values({ postId: input.postId, userId: ctx.user.id, content: input.content, replyToId }).returning({ id: comments.id });
    const [comment] = await tx.select(commentColumns(ctx.user.id)).from(comments).innerJoin(profiles, eq(profiles.id, comments.userId)).where(eq(comments.id, inserted!.id));
    const count = await commentCount(tx, input.postId);
    await publish(tx, feedTopic(ctx.community.id), { type: 'comment.created', postId: input.postId, commentId: comment!.id, commentCount: count });
    await notifyOfComment(tx, { communityId: ctx.community.id, postId: input.postId, commentId: comment!.id, actorId: ctx.user.id, replyToId, mentioned });
    return { comment: comment!, commentCount: count };
  }),
);

/** Its author or the community owner deletes a comment; the points its likes gave are taken back. */
export const deleteComment = authorOrOwnerProcedure.input(commentIdInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await applyPoints(tx, await commentPoints(tx, eq(comments.id, input.commentId)));
    const [deleted] = await tx.delete(comments).where(eq(comments.id, input.commentId)).returning({ postId: comments.postId });
    if (!deleted) throw new AppError('NOT_FOUND', POST_MESSAGES.commentNotFound);
    const count = await commentCount(tx, deleted.postId);
    await publish(tx, feedTopic(ctx.community.id), { type: 'comment.deleted', postId: deleted.postId, commentId: input.commentId, commentCount: count });
    return { postId: deleted.postId, commentCount: count };
  }),
);
