import { postIdInput } from '@app/shared/posts';
import { authorOrModeratorProcedure } from '../core/trpc.ts';
import { logModeration } from '../moderation/service.ts';
import { discardUpload } from '../platform/uploads/service.ts';
import { deletePost } from './removal.ts';
import { POST_ATTACHMENT_BUCKET } from './service.ts';

/**
 * Its author, or a moderator who outranks them, deletes a post with its likes and comments; the
 * points those likes gave are taken back, and its attachment is removed after the commit. A
 * moderator's deletion goes in the moderation log.
 */
export const remove = authorOrModeratorProcedure.input(postIdInput).mutation(async ({ ctx, input }) => {
  const post = await ctx.db.transaction(async (tx) => {
    const deleted = await deletePost(tx, ctx.community.id, input.postId);
    if (deleted.authorId !== ctx.user.id) {
      await logModeration(tx, { communityId: ctx.community.id, actorId: ctx.user.id, action: 'post.removed', targetId: deleted.authorId, item: { kind: 'post', id: deleted.postId } });
    }
    return deleted;
  });
  if (post.attachmentKey) await discardUpload(ctx.db, ctx.storage, POST_ATTACHMENT_BUCKET, post.attachmentKey);
  return { postId: post.postId };
});
