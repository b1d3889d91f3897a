import { posts, profiles } from '@app/db/schema';
import { POST_MESSAGES, createPostInput } from '@app/shared/posts';
import { isOwnKey } from '@app/storage';
import { contentTypeOfKey } from '@app/storage/kinds';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { publish, topics } from '../../live/publish.ts';
import { requireMember } from '../../membership/access.ts';
import { enqueueNotification } from '../../notifications/outbox.ts';
import { protectedProcedure } from '../../trpc.ts';
import { feedItem } from './columns.ts';

export const ATTACHMENT_BUCKET = 'documents-post';
/** The webhook event announcing a new post to the members (spec: the call after post creation). */
export const POST_CREATED_EVENT = 'post.created';

/**
 * A member posts. The post, the live event the feed subscribers get and the notification outbox
 * row are one transaction: either all exist or none.
 */
export const create = protectedProcedure.input(createPostInput).mutation(async ({ ctx, input }) => {
  const userId = ctx.user.id;
  const { community } = await requireMember(ctx.db, input.communityId, userId);
  let attachmentType: string | null = null;
  if (input.attachmentKey) {
    attachmentType = contentTypeOfKey(input.attachmentKey);
    if (!attachmentType || !isOwnKey(input.attachmentKey, userId) || !(await ctx.storage.exists(ATTACHMENT_BUCKET, input.attachmentKey))) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: POST_MESSAGES.attachment });
    }
  }
  return ctx.db.transaction(async (tx) => {
    const [post] = await tx
      .insert(posts)
      .values({
        communityId: community.id,
        userId,
        content: input.content,
        feeling: input.feeling ?? null,
        attachmentKey: input.attachmentKey ?? null,
        attachmentType,
      })
      .returning({ id: posts.id });
    const item = await feedItem(tx, post!.id, userId);
    await publish(tx, topics.community(community.id), 'post.created', { post: { ...item, likedByMe: false } });
    const [author] = await tx.select({ fullName: profiles.fullName, username: profiles.username, avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId));
    await enqueueNotification(tx, POST_CREATED_EVENT, {
      communityId: community.id,
      communityName: community.name,
      postId: post!.id,
      postTitle: input.content.slice(0, 80),
      ownerName: author?.fullName ?? author?.username ?? null,
      ownerAvatarUrl: author?.avatarUrl ?? null,
    });
    return item;
  });
});
