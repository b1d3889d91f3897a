import { COMMUNITY_MESSAGES } from '@app/shared/community';
import { feedSubscriptionInput } from '@app/shared/posts';
import { tracked, TRPCError } from '@trpc/server';
import type { LiveEvent } from '../../live/bus.ts';
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
  const topic = topics.community(community.id);
  const stop = new AbortController();
  const abort = () => stop.abort();
  signal?.addEventListener('abort', abort, { once: true });
  let revoked = false;
  const revoke = () => {
    revoked = true;
    stop.abort();
  };
  const stillAllowed = async () => {
    if (!(await ctx.isSessionActive())) return false;
    return requireMember(ctx.db, community.id, userId).then(
      () => true,
      () => false,
    );
  };
  const timer = setInterval(() => {
    void stillAllowed().then((ok) => !ok && revoke(), () => undefined);
  }, ctx.live.revalidateMs);

  try {
    await ctx.live.start();
    // Listening starts before the backlog is read, so nothing falls between the two.
    const events = ctx.live.stream(topic, stop.signal);
    let last = input.lastEventId ? Number(input.lastEventId) : 0;
    if (input.lastEventId) {
      for (const event of await ctx.live.backlog(topic, last)) {
        last = event.id;
        const data = toFeedEvent(event);
        if (data) yield tracked(String(event.id), data);
      }
    }
    for await (const event of events) {
      if (event.id <= last) continue;
      last = event.id;
      if (event.type === 'membership.ended' && (event.payload as { userId?: string }).userId === userId) {
        revoked = true;
        break;
      }
      const data = toFeedEvent(event);
      if (data) yield tracked(String(event.id), data);
    }
  } finally {
    clearInterval(timer);
    signal?.removeEventListener('abort', abort);
  }
  if (revoked) throw new TRPCError({ code: 'FORBIDDEN', message: COMMUNITY_MESSAGES.membersOnly });
});
