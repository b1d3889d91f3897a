import type { FeedItem } from './service.ts';

export interface CommentItem {
  id: string;
  postId: string;
  content: string;
  createdAt: Date;
  author: FeedItem['author'];
}

/** What happens in a community's feed, on the community's topic (and what posts.onFeed sends). */
export type FeedEvent =
  | { type: 'post.created'; post: FeedItem }
  | { type: 'post.updated'; postId: string; content: string; feeling: string | null; updatedAt: Date }
  | { type: 'post.deleted'; postId: string }
  | { type: 'post.liked'; postId: string; userId: string; liked: boolean; likeCount: number }
  | { type: 'comment.created'; postId: string; comment: CommentItem; commentCount: number }
  | { type: 'comment.deleted'; postId: string; commentId: string; commentCount: number };
