import { comments, profiles } from '@app/db/schema';
import { commentIdInput, createCommentInput, POST_MESSAGES, postIdInput } from '@app/shared/posts';
import { TRPCError } from '@trpc/server';
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '@app/db';
import { publish, topics } from '../../live/publish.ts';
import { requireMember } from '../../membership/access.ts';
import { protectedProcedure } from '../../trpc.ts';
import { authorColumns, loadPost } from './columns.ts';

/** A post shows at most this many comments (oldest first). */
export const COMMENTS_MAX = 500;

const commentColumns = { id: comments.id, postId: comments.postId, content: comments.content, createdAt: comments.createdAt, author: authorColumns };

async function commentCount(db: Queryable, postId: string) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(comments).where(eq(comments.postId, postId));
  return row?.n ?? 0;
}

export const listComments = protectedProcedure.input(postIdInput).query(async ({ ctx, input }) => {
  const post = await loadPost(ctx.db, input.postId);
  await requireMember(ctx.db, post.communityId, ctx.user.id);
  return ctx.db
    .select(commentColumns)
    .from(comments)
    .innerJoin(profiles, eq(profiles.id, comments.userId))
    .where(eq(comments.postId, post.id))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(COMMENTS_MAX);
});

/** A member comments (1 to 250 characters after trimming). */
export const addComment = protectedProcedure.input(createCommentInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const post = await loadPost(tx, input.postId);
    await requireMember(tx, post.communityId, ctx.user.id);
    const [inserted] = await tx.insert(comments).values({ postId: post.id, userId: ctx.user.id, content: input.content }).returning({ id: comments.id });
    const [comment] = await tx.select(commentColumns).from(comments).innerJoin(profiles, eq(profiles.id, comments.userId)).where(eq(comments.id, inserted!.id));
    const count = await commentCount(tx, post.id);
    await publish(tx, topics.community(post.communityId), 'comment.created', { postId: post.id, comment, commentCount: count });
    return { comment: comment!, commentCount: count };
  }),
);

/** Its author or the community owner deletes a comment. */
export const deleteComment = protectedProcedure.input(commentIdInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const [found] = await tx.select().from(comments).where(eq(comments.id, input.commentId));
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: POST_MESSAGES.commentNotFound });
    const post = await loadPost(tx, found.postId);
    const { community } = await requireMember(tx, post.communityId, ctx.user.id);
    if (found.userId !== ctx.user.id && community.ownerId !== ctx.user.id) {
      throw new TRPCError({ code: 'FORBIDDEN', message: POST_MESSAGES.notCommentAuthor });
    }
    await tx.delete(comments).where(eq(comments.id, found.id));
    const count = await commentCount(tx, post.id);
    await publish(tx, topics.community(post.communityId), 'comment.deleted', { postId: post.id, commentId: found.id, commentCount: count });
    return { postId: post.id, commentCount: count };
  }),
);
