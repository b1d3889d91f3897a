import type { Queryable } from '@app/db';
import { posts } from '@app/db/schema';
import { POST_MESSAGES, postIdInput, updatePostInput } from '@app/shared/posts';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { publish, topics } from '../../live/publish.ts';
import { requireMember } from '../../membership/access.ts';
import { protectedProcedure } from '../../trpc.ts';
import { ATTACHMENT_BUCKET } from './create.ts';
import { feedItem, loadPost } from './columns.ts';

/** The post, when `userId` wrote it or owns its community (and is still in it); FORBIDDEN otherwise. */
async function requireAuthorOrOwner(db: Queryable, postId: string, userId: string) {
  const post = await loadPost(db, postId);
  const { community } = await requireMember(db, post.communityId, userId);
  if (post.userId !== userId && community.ownerId !== userId) throw new TRPCError({ code: 'FORBIDDEN', message: POST_MESSAGES.notAuthor });
  return post;
}

export const update = protectedProcedure.input(updatePostInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const post = await requireAuthorOrOwner(tx, input.postId, ctx.user.id);
    await tx.update(posts).set({ content: input.content, feeling: input.feeling ?? null, updatedAt: new Date() }).where(eq(posts.id, post.id));
    const item = await feedItem(tx, post.id, ctx.user.id);
    await publish(tx, topics.community(post.communityId), 'post.updated', {
      postId: post.id,
      content: item.content,
      feeling: item.feeling,
      updatedAt: item.updatedAt.toISOString(),
    });
    return item;
  }),
);

/** Deletes the post with its likes and comments; its attachment is removed after the commit. */
export const remove = protectedProcedure.input(postIdInput).mutation(async ({ ctx, input }) => {
  const post = await ctx.db.transaction(async (tx) => {
    const found = await requireAuthorOrOwner(tx, input.postId, ctx.user.id);
    await tx.delete(posts).where(eq(posts.id, found.id));
    await publish(tx, topics.community(found.communityId), 'post.deleted', { postId: found.id });
    return found;
  });
  if (post.attachmentKey) await ctx.storage.delete(ATTACHMENT_BUCKET, post.attachmentKey).catch(() => undefined);
  return { postId: post.id };
});
