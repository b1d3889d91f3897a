import { POST_PAGE_SIZE } from '@app/shared/plain/posts';
import { useQueryClient } from '@tanstack/react-query';
import type { TrpcOptions } from '../../lib/trpc.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { addComment, hasPost, removeComment, removePost, shiftAuthorPoints, shiftCommentAuthorPoints, updateComment, updatePost } from './feedCache.ts';
import { useFeed } from './FeedContext.tsx';
import type { FeedComment, FeedEvent, FeedItem } from '../../lib/paged.ts';
import { DEFAULT_VIEW, inView, pinsLead, useFeedView, type FeedView } from './feedView.tsx';
import { insertNewPost, moveToTop, placeOfNewPost } from './feedViewCache.ts';

/** What a deleted comment kept for its replies shows: nothing of its own. */
const DELETED = { deleted: true, content: '', mentions: [], likeCount: 0, likedByMe: false } satisfies Partial<FeedComment>;


/** The community's feed in a view (a category, a sort), 10 posts a page, each page asked for with the previous one's cursor. */
export function feedQueryOptions(trpc: TrpcOptions, communityId: string, view: FeedView = DEFAULT_VIEW) {
  // The default view's input (and so its cache key) is the same as before views existed.
  const chosen = { ...(view.categoryId ? { categoryId: view.categoryId } : {}), ...(view.sort !== 'new' ? { sort: view.sort } : {}) };
  return trpc.posts.list.infiniteQueryOptions({ communityId, limit: POST_PAGE_SIZE, ...chosen }, { getNextPageParam: (last) => last.nextCursor });
}

/** Changes to the cached feed and comment lists, from the viewer's own mutations and from live events. */
export function useFeedCache() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { communityId, viewerId, versions } = useFeed();
  const { view } = useFeedView();
  const feedKey = feedQueryOptions(trpc, communityId, view).queryKey;
  const refetchFeed = () => void queryClient.invalidateQueries({ queryKey: feedKey });
  const commentsKey = (postId: string) => trpc.posts.comments.queryKey({ postId });

  // A linked post (posts.byId, above the feed) follows the same changes as its copy in the feed.
  const patchPost = (postId: string, change: (post: FeedItem) => Partial<FeedItem>) => {
    queryClient.setQueryData(feedKey, (data) => updatePost(data, postId, change));
    queryClient.setQueryData(trpc.posts.byId.queryKey({ postId }), (post) => (post ? { ...post, ...change(post) } : post));
  };

  /** A like from someone else moved an author's points: every badge of theirs on the page follows. */
  const shiftPoints = (authorId: string, likerId: string, liked: boolean) => {
    if (authorId === likerId) return;
    const delta = liked ? 1 : -1;
    queryClient.setQueryData(feedKey, (data) => shiftAuthorPoints(data, authorId, delta));
    queryClient.setQueriesData<FeedComment[]>({ queryKey: trpc.posts.comments.pathKey() }, (list) => shiftCommentAuthorPoints(list, authorId, delta));
  };

  const cache = {
    feedKey,
    /** A new post, shown only under a chip that includes it, where the view's order puts it. */
    addPost: (post: FeedItem) => {
      const place = placeOfNewPost(view, post);
      if (place === 'refetch') refetchFeed();
      if (place === 'top') queryClient.setQueryData(feedKey, (data) => insertNewPost(data, post, view));
    },
    /** An edit (the viewer's or someone else's): a post moved out of the chip's category leaves it; one moved in comes with a refetch. */
    edited: (post: Pick<FeedItem, 'id' | 'content' | 'mentions' | 'feeling' | 'categoryId' | 'updatedAt'>) => {
      const known = hasPost(queryClient.getQueryData(feedKey), post.id);
      patchPost(post.id, () => ({ content: post.content, mentions: post.mentions, feeling: post.feeling, categoryId: post.categoryId, updatedAt: post.updatedAt }));
      if (!inView(view, post)) queryClient.setQueryData(feedKey, (data) => removePost(data, post.id));
      else if (!known && view.categoryId) refetchFeed();
    },
    patchPost,
    removePost: (postId: string) => {
      queryClient.setQueryData(feedKey, (data) => removePost(data, postId));
      queryClient.removeQueries({ queryKey: commentsKey(postId) });
      void queryClient.invalidateQueries({ queryKey: trpc.posts.byId.queryKey({ postId }) });
    },
    addComment: (postId: string, comment: FeedComment) => queryClient.setQueryData(commentsKey(postId), (list) => addComment(list, comment)),
    removeComment: (postId: string, commentId: string) => queryClient.setQueryData(commentsKey(postId), (list) => removeComment(list, commentId)),
    patchComment: (postId: string, commentId: string, change: (comment: FeedComment) => Partial<FeedComment>) =>
      queryClient.setQueryData(commentsKey(postId), (list) => updateComment(list, commentId, change)),
    /** Deleted while it had replies: it stays as 'Comment deleted', without text or likes. */
    markCommentDeleted: (postId: string, commentId: string) =>
      queryClient.setQueryData(commentsKey(postId), (list) => updateComment(list, commentId, () => DELETED)),
    /** How many of the viewer's like changes to this comment are still on their way to the server. */
    pendingCommentLikes: (commentId: string) =>
      queryClient.isMutating({
        mutationKey: trpc.posts.likeComment.mutationKey(),
        predicate: (m) => (m.state.variables as { commentId?: string } | undefined)?.commentId === commentId,
      }),
    /** How many of the viewer's like changes to this post are still on their way to the server. */
    pendingLikes: (postId: string) =>
      queryClient.isMutating({ mutationKey: trpc.posts.like.mutationKey(), predicate: (m) => (m.state.variables as { postId?: string } | undefined)?.postId === postId }),
    versionOf: (postId: string) => versions.of(postId),

    /** Applies one live event; the viewer's own actions may already be in the cache, so each step is idempotent. */
    apply(event: FeedEvent) {
      switch (event.type) {
        case 'post.created':
          cache.addPost(event.post);
          return;
        case 'post.updated':
          cache.edited({ ...event, id: event.postId });
          return;
        case 'post.deleted':
          cache.removePost(event.postId);
          return;
        case 'post.liked': {
          versions.touch(event.postId);
          // While the viewer's own like requests are in flight, the screen shows what they asked for.
          const own = event.userId === viewerId && cache.pendingLikes(event.postId) === 0;
          patchPost(event.postId, () => (own ? { likeCount: event.likeCount, likedByMe: event.liked } : { likeCount: event.likeCount }));
          shiftPoints(event.authorId, event.userId, event.liked);
          return;
        }
        case 'comment.created':
          versions.touch(event.postId);
          patchPost(event.postId, () => ({ commentCount: event.commentCount }));
          cache.addComment(event.postId, event.comment);
          if (view.sort === 'active') {
            const moved = moveToTop(queryClient.getQueryData(feedKey), event.postId);
            if (moved) queryClient.setQueryData(feedKey, moved);
            else refetchFeed();
          }
          return;
        case 'comment.liked': {
          const own = event.userId === viewerId && cache.pendingCommentLikes(event.commentId) === 0;
          cache.patchComment(event.postId, event.commentId, () => (own ? { likeCount: event.likeCount, likedByMe: event.liked } : { likeCount: event.likeCount }));
          shiftPoints(event.authorId, event.userId, event.liked);
          return;
        }
        case 'comment.updated':
          // Read for every subscriber at once, liked by none of them: the viewer's own like stays.
          cache.patchComment(event.postId, event.comment.id, (comment) => ({ ...event.comment, likedByMe: comment.likedByMe }));
          return;
        case 'poll.updated':
          // The counts are everyone's; the choice is the viewer's own, which the event names only when they voted.
          patchPost(event.postId, (post) => ({ poll: { ...event.poll, myChoice: event.voterId === viewerId ? (event.optionId ?? null) : (post.poll?.myChoice ?? null) } }));
          return;
        case 'comment.deleted':
          versions.touch(event.postId);
          patchPost(event.postId, () => ({ commentCount: event.commentCount }));
          if (event.kept) cache.markCommentDeleted(event.postId, event.commentId);
          else cache.removeComment(event.postId, event.commentId);
          return;
        case 'post.pinned':
          // Pins reorder 'All' sorted by 'new' (the server knows their order); elsewhere the mark changes.
          patchPost(event.postId, (post) => ({ pinnedAt: event.pinned ? (post.pinnedAt ?? new Date()) : null }));
          if (pinsLead(view)) refetchFeed();
          return;
        case 'categories.changed':
          void queryClient.invalidateQueries({ queryKey: trpc.posts.categories.queryKey({ communityId }) });
          return;
      }
    },
  };
  return cache;
}
