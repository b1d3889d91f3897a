import { isLiveReset } from '@app/shared/live';
import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { appendToList, prependItem, removeFromList, removeItem, updateItem } from '../../../../lib/paged-cache.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import type { LiveState } from '../../../../components/feed/useLiveFeed.ts';
import type { Feedback, FeedbackComment, WallCursor, WallEvent, WallPage } from '../../../../lib/paged.ts';
import { useWall } from './WallContext.tsx';
import { wallQueryOptions } from './wallQuery.ts';
import { useLiveStart } from '../../../../lib/live-position.ts';

/** Changes to the cached wall and comment lists, from the viewer's own mutations and from live events (each safe twice). */
export function useWallCache() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { versions } = useWall();
  const wallKey = wallQueryOptions(trpc).queryKey;
  const commentsKey = (feedbackId: string) => trpc.feedback.comments.queryKey({ feedbackId });

  const cache = {
    wallKey,
    putFeedback: (feedback: Feedback) => queryClient.setQueryData(wallKey, (data) => prependItem<Feedback, WallPage, WallCursor | null>(data, feedback)),
    patchFeedback: (feedbackId: string, change: (feedback: Feedback) => Partial<Feedback>) =>
      queryClient.setQueryData(wallKey, (data) => updateItem<Feedback, WallPage, WallCursor | null>(data, feedbackId, change)),
    removeFeedback: (feedbackId: string) => {
      queryClient.setQueryData(wallKey, (data) => removeItem<Feedback, WallPage, WallCursor | null>(data, feedbackId));
      queryClient.removeQueries({ queryKey: commentsKey(feedbackId) });
    },
    /** The number of live events seen for the feedback: a mutation notes it when it starts. */
    versionOf: (feedbackId: string) => versions.of(feedbackId),
    /**
     * A comment added, with the count after it; from a mutation's answer (`since`: the version when
     * it started) the count is kept only if no live event for the feedback came meanwhile.
     */
    addComment: (comment: FeedbackComment, commentCount: number, since?: number) => {
      queryClient.setQueryData(commentsKey(comment.feedbackId), (list) => appendToList(list, comment));
      if (since === undefined || since === versions.of(comment.feedbackId)) cache.patchFeedback(comment.feedbackId, () => ({ commentCount }));
    },
    removeComment: (feedbackId: string, commentId: string, commentCount: number, since?: number) => {
      queryClient.setQueryData(commentsKey(feedbackId), (list) => removeFromList(list, commentId));
      if (since === undefined || since === versions.of(feedbackId)) cache.patchFeedback(feedbackId, () => ({ commentCount }));
    },

    apply(event: WallEvent) {
      switch (event.type) {
        case 'feedback.created':
          return cache.putFeedback(event.feedback);
        case 'feedback.updated':
          return cache.patchFeedback(event.feedback.id, () => event.feedback);
        case 'feedback.deleted':
          return cache.removeFeedback(event.feedbackId);
        case 'feedback.comment.created':
          versions.touch(event.feedbackId);
          return cache.addComment(event.comment, event.commentCount);
        case 'feedback.comment.deleted':
          versions.touch(event.feedbackId);
          return cache.removeComment(event.feedbackId, event.commentId, event.commentCount);
      }
    },
  };
  return cache;
}

/**
 * Follows feedback.onWall while the wall is open and applies each event to the cache. A reconnect
 * resumes after the last tracked event; each start also refreshes what is shown, so nothing from
 * before listening began is missed (but the first of a page the server rendered: live-position.ts).
 */
export function useLiveWall(): LiveState {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cache = useWallCache();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: cache.wallKey });
    void queryClient.invalidateQueries({ queryKey: trpc.feedback.comments.pathKey() });
  };
  const start = useLiveStart();
  const subscription = useSubscription(
    trpc.feedback.onWall.subscriptionOptions(
      start.from,
      {
        onStarted: start.onStarted(refresh),
        onData: (tracked) => (isLiveReset(tracked.data) ? refresh() : cache.apply(tracked.data)),
      },
    ),
  );
  if (subscription.status === 'pending') return 'live';
  if (subscription.status === 'error') return 'offline';
  return 'connecting';
}
