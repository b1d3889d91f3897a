/**
 * Course changes, on the community's topic: ids only. Members' open pages refetch what they show
 * (the courses tab, the sidebar card, an open course); a course turned private disappears for them.
 */
export type CourseEvent =
  | { type: 'course.created' | 'course.updated' | 'course.deleted'; courseId: string }
  | { type: 'course.content'; courseId: string };
import { communityTopic } from '../core/topics.ts';

/** The courses' view of the community's topic. */
export const coursesTopic = (communityId: string) => communityTopic<CourseEvent>(communityId);
