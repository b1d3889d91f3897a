import { feedSubscriptionInput } from '@app/shared/posts';
import { communitySubscription } from '../core/subscription.ts';
import { memberProcedure } from '../core/trpc.ts';
import { type FeedEvent, feedTopic } from './events.ts';
import { pollOf } from './polls.ts';
import { currentComment, currentPost, NO_VIEWER } from './service.ts';

/**
 * A community's posts, likes and comments as they happen, for its members. Authorized when it
 * starts; ended (FORBIDDEN) when the subscriber's session ends or their membership does. Each event
 * is tracked by its id, so a client that reconnects is first sent what it missed (within the replay
 * window). Events name posts and comments by id: each is read as it is when sent, once per event
 * for all of this process's subscribers, and a deleted one is not sent at all.
 */
export const onFeed = memberProcedure.input(feedSubscriptionInput).subscription(({ ctx, input, signal }) =>
  communitySubscription({
    ctx,
    topic: feedTopic(ctx.community.id),
    lastEventId: input.lastEventId,
    signal,
    // Each event is built once for all of this process's subscribers (and so encoded once).
    map: (event, id): FeedEvent | null | Promise<FeedEvent | null> => {
      const once = (build: () => Promise<FeedEvent | null>) => ctx.live.shared(`feed:${id}`, build);
      switch (event.type) {
        case 'post.created':
          return once(async () => {
            const post = await currentPost(ctx.db, event.postId);
            return post && { type: 'post.created', post };
          });
        case 'post.updated':
          return once(async () => {
            const post = await currentPost(ctx.db, event.postId);
            return post && { type: 'post.updated', postId: post.id, content: post.content, mentions: post.mentions, feeling: post.feeling, categoryId: post.categoryId, updatedAt: post.updatedAt };
          });
        case 'comment.created':
          return once(async () => {
            const comment = await currentComment(ctx.db, event.commentId);
            return comment && { type: 'comment.created', postId: event.postId, comment, commentCount: event.commentCount };
          });
        case 'comment.updated':
          return once(async () => {
            const comment = await currentComment(ctx.db, event.commentId);
            return comment && { type: 'comment.updated', postId: event.postId, comment };
          });
        case 'poll.updated':
          // The counts, without anyone's own choice (the voter's travels with the event).
          return once(async () => {
            const poll = await pollOf(ctx.db, event.postId, NO_VIEWER);
            return poll && { ...event, poll };
          });
        case 'post.deleted':
        case 'post.liked':
        case 'comment.liked':
        case 'comment.deleted':
        case 'post.pinned':
        case 'categories.changed':
          return event;
        default:
          return null;
      }
    },
  }),
);
