import { COMMUNITY_MESSAGES } from '@app/shared/community';
import { feedSubscriptionInput } from '@app/shared/posts';
import type { LiveEvent } from '../../live/bus.ts';
import { liveSubscription } from '../../live/subscription.ts';
import { topics } from '../../live/publish.ts';
import { requireMember } from '../../membership/access.ts';
import { protectedProcedure } from '../../trpc.ts';
import type { FeedItem } from './columns.ts';

interface CommentItem {
  id: string;
  postId: string;
  content: string;
  createdAt: Date;
  author: FeedItem['author'];
}

/** What a feed subscriber receives (event payloads are JSON in the database: dates come back here). */
export type FeedEvent =
  | { type: 'post.created'; post: FeedItem }
  | { type: 'post.updated'; postId: string; content: string; feeling: string | null; updatedAt: Date }
  | { type: 'post.deleted'; postId: string }
  | { type: 'post.liked'; postId: string; userId: string; liked: boolean; likeCount: number }
  | { type: 'comment.created'; postId: string; comment: CommentItem; commentCount: number }
  | { type: 'comment.deleted'; postId: string; commentId: string; commentCount: number };

const FEED_TYPES = new Set<string>(['post.created', 'post.updated', 'post.deleted', 'post.liked', 'comment.created', 'comment.deleted']);

function toFeedEvent(event: LiveEvent): FeedEvent | null {
  if (!FEED_TYPES.has(event.type)) return null;
  const data = { type: event.type, ...(event.payload as object) } as FeedEvent & Record<string, unknown>;
  if (data.type === 'post.created') data.post = { ...data.post, createdAt: new Date(data.post.createdAt), updatedAt: new Date(data.post.updatedAt) };
  if (data.type === 'post.updated') data.updatedAt = new Date(data.updatedAt);
  if (data.type === 'comment.created') data.comment = { ...data.comment, createdAt: new Date(data.comment.createdAt) };
  return data;
}

/**
 * A community's posts, likes and comments as they happen, for its members. Authorized when it
 * starts; ended (FORBIDDEN) when the subscriber's session ends or their membership does. Each event
 * is tracked by its id, so a client that reconnects is first sent what it missed.
 */
export const onFeed = protectedProcedure.input(feedSubscriptionInput).subscription(async function* ({ ctx, input, signal }) {
  const userId = ctx.user.id;
  const { community } = await requireMember(ctx.db, input.communityId, userId);
  yield* liveSubscription({
    ctx,
    topic: topics.community(community.id),
    lastEventId: input.lastEventId,
    signal,
    stillAllowed: () => requireMember(ctx.db, community.id, userId).then(() => true, () => false),
    endsOn: (event) => event.type === 'membership.ended' && (event.payload as { userId?: string }).userId === userId,
    map: toFeedEvent,
    refusal: COMMUNITY_MESSAGES.membersOnly,
  });
});
