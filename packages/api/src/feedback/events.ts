import type { FeedbackComment, FeedbackItem } from './service.ts';
import { topic } from '../platform/live/topic.ts';

/**
 * What the wall's topic records: ids and counts only, so the event log never holds a feedback's or
 * comment's text (an edited or deleted one cannot be read back from it).
 */
export type FeedbackTopicEvent =
  | { type: 'feedback.created'; feedbackId: string }
  | { type: 'feedback.updated'; feedbackId: string }
  | { type: 'feedback.deleted'; feedbackId: string }
  | { type: 'feedback.comment.created'; feedbackId: string; commentId: string; commentCount: number }
  | { type: 'feedback.comment.deleted'; feedbackId: string; commentId: string; commentCount: number };

/** What feedback.onWall sends: the feedback or comment as it is when sent (a deleted one is not sent). */
export type FeedbackWallEvent =
  | { type: 'feedback.created'; feedback: FeedbackItem }
  | { type: 'feedback.updated'; feedback: FeedbackItem }
  | { type: 'feedback.deleted'; feedbackId: string }
  | { type: 'feedback.comment.created'; feedbackId: string; comment: FeedbackComment; commentCount: number }
  | { type: 'feedback.comment.deleted'; feedbackId: string; commentId: string; commentCount: number };

/** The platform's feedback wall: every signed-in person hears of it. */
export const wallTopic = () => topic<FeedbackTopicEvent>('feedback-wall');
