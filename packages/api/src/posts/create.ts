import { posts, profiles } from '@app/db/schema';
import { POST_MESSAGES, createPostInput } from '@app/shared/posts';
import { plainMentions } from '@app/shared/mentions';
import { contentTypeOfKey } from '@app/shared/uploads';
import { eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { publish } from '../platform/live/publish.ts';
import { enqueueNotification } from '../platform/jobs/outbox.ts';
import { memberProcedure } from '../core/trpc.ts';
import { requireOwnUpload } from '../platform/uploads/service.ts';
import { feedItem, POST_ATTACHMENT_BUCKET } from './service.ts';
import { feedTopic } from './events.ts';
import { checkMentions } from '../membership/mentions.ts';
import { notifyOfPostMentions } from './notices.ts';
import { checkPostCategory } from './categories.ts';
import { createPoll } from './polls.ts';

/** The webhook event announcing a new post to the members (spec: the call after post creation). */
export const POST_CREATED_EVENT = 'post.created';

/**
 * A member posts. The post, the live event the feed subscribers get and the notification outbox
 * row are one transaction: either all exist or none. An attachment must be the member's own upload.
 */
export const create = memberProcedure.meta({ rateLimit: 'post:create' }).input(createPostInput).mutation(async ({ ctx, input }) => {
  const userId = ctx.user.id;
  const community = ctx.community;
  const attachmentType = input.attachmentKey ? contentTypeOfKey(input.attachmentKey) : null;
  if (input.attachmentKey && !attachmentType) throw new AppError('BAD_REQUEST', POST_MESSAGES.attachment);
  return ctx.db.transaction(async (tx) => {
    const mentioned = await checkMentions(tx, community.id, input.content, ctx.user.id);
    await checkPostCategory(tx, community.id, input.categoryId);
    if (input.attachmentKey) await requireOwnUpload(tx, POST_ATTACHMENT_BUCKET, input.attachmentKey, userId, POST_MESSAGES.attachment);
    const [post] = await tx
      .insert(posts)
      .values({
        communityId: community.id,
        userId,
        content: input.content,
        feeling: input.feeling ?? null,
        attachmentKey: input.attachmentKey ?? null,
        attachmentType,
        categoryId: input.categoryId ?? null,
      })
      .returning({ id: posts.id });
    if (input.poll) await createPoll(tx, post!.id, input.poll);
    const item = await feedItem(tx, post!.id, userId);
    await publish(tx, feedTopic(community.id), { type: 'post.created', postId: item.id });
    await notifyOfPostMentions(tx, { communityId: community.id, postId: item.id, actorId: userId, mentioned });
    const [author] = await tx.select({ fullName: profiles.fullName, username: profiles.username, avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId));
    await enqueueNotification(tx, POST_CREATED_EVENT, {
      communityId: community.id,
      communityName: community.name,
      postId: post!.id,
      postTitle: plainMentions(input.content, item.mentions).slice(0, 80),
      ownerName: author?.fullName ?? author?.username ?? null,
      ownerAvatarUrl: author?.avatarUrl ?? null,
    });
    return item;
  });
});
