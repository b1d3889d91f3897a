import type { MentionedPerson } from '@app/shared/mentions';
import type { PollView } from './polls.ts';
import type { FeedItem } from './service.ts';
import { communityTopic } from '../core/topics.ts';

export interface CommentItem {
  id: string;
  postId: string;
  content: string;
  mentions: MentionedPerson[];
  replyTo: { id: string; author: { id: string; username: string; fullName: string | null } } | null;
  createdAt: Date;
  editedAt: Date | null;
  /** Deleted, kept for its replies: its text is empty. */
  deleted: boolean;
  author: FeedItem['author'];
  likeCount: number;
  likedByMe: boolean;
}

/** `userId` liked (or unliked) something `authorId` wrote: the author's points moved, unless they are the same person. */
type CommentLiked = { type: 'comment.liked'; postId: string; commentId: string; userId: string; authorId: string; liked: boolean; likeCount: number };

/** A comment was deleted; `kept`: it had replies, so it stays as 'Comment deleted' and holds them. */
type CommentDeleted = { type: 'comment.deleted'; postId: string; commentId: string; commentCount: number; kept: boolean };
/** A post's poll changed: a vote (who chose which option), or it was closed or edited (no voter). */
type PollUpdated = { type: 'poll.updated'; postId: string; voterId?: string; optionId?: string };

/**
 * What the community's topic records of its feed: ids and counts only, so the event log never holds
 * a post's or comment's text (an edited or deleted one cannot be read back from it).
 */
export type FeedTopicEvent =
  | { type: 'post.created'; postId: string }
  | { type: 'post.updated'; postId: string }
  | { type: 'post.deleted'; postId: string }
  | { type: 'post.liked'; postId: string; userId: string; authorId: string; liked: boolean; likeCount: number }
  | { type: 'comment.created'; postId: string; commentId: string; commentCount: number }
  | { type: 'comment.updated'; postId: string; commentId: string }
  | CommentDeleted
  | CommentLiked
  | PollUpdated
  | FeedOrderEvent;

/** Issue 24: a post pinned or unpinned (pins.ts); the community's categories changed (categories.ts). */
type FeedOrderEvent = { type: 'post.pinned'; postId: string; pinned: boolean } | { type: 'categories.changed' };

/** What posts.onFeed sends: the post or comment as it is when sent (a deleted one is not sent). */
export type FeedEvent =
  | { type: 'post.created'; post: FeedItem }
  | { type: 'post.updated'; postId: string; content: string; mentions: MentionedPerson[]; feeling: string | null; categoryId: string | null; updatedAt: Date }
  | { type: 'post.deleted'; postId: string }
  | { type: 'post.liked'; postId: string; userId: string; authorId: string; liked: boolean; likeCount: number }
  | { type: 'comment.created'; postId: string; comment: CommentItem; commentCount: number }
  | { type: 'comment.updated'; postId: string; comment: CommentItem }
  | CommentDeleted
  | CommentLiked
  | (PollUpdated & { poll: PollView })
  | FeedOrderEvent;

/** The feed's view of the community's topic. */
export const feedTopic = (communityId: string) => communityTopic<FeedTopicEvent>(communityId);
