import { posts } from '@app/db/schema';
import { POST_MESSAGES, postIdInput } from '@app/shared/posts';
import { eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { publish } from '../platform/live/publish.ts';
import { authorOrModeratorProcedure } from '../core/trpc.ts';
import { applyPoints, pointsOfPost } from '../levels/service.ts';
import { discardUpload } from '../platform/uploads/service.ts';
import { POST_ATTACHMENT_BUCKET } from './service.ts';
import { feedTopic } from './events.ts';

/**
 * Its author, or the community owner, deletes a post with its likes and comments; the points those
 * likes gave are taken back, and its attachment is removed after the commit.
 */
export const remove = authorOrModeratorProcedure.input(postIdInput).mutation(async ({ ctx, input }) => {
  const post = await ctx.db.transaction(async (tx) => {
    await applyPoints(tx, await pointsOfPost(tx, input.postId));
    const [deleted] = await tx.delete(posts).where(eq(posts.id, input.postId)).returning({ id: posts.id, attachmentKey: posts.attachmentKey });
    if (!deleted) throw new AppError('NOT_FOUND', POST_MESSAGES.notFound);
    await publish(tx, feedTopic(ctx.community.id), { type: 'post.deleted', postId: deleted.id });
    return deleted;
  });
  if (post.attachmentKey) await discardUpload(ctx.db, ctx.storage, POST_ATTACHMENT_BUCKET, post.attachmentKey);
  return { postId: post.id };
});
