/**
 * Course changes, on the community's topic: ids only. Members' open pages refetch what they show
 * (the courses tab, the sidebar card, an open course); a course turned private disappears for them.
 * An update or deletion says whether members could see the course before it, so that only then are
 * they told it is gone (a private course's id is never sent to them).
 */
export type CourseEvent =
  | { type: 'course.created' | 'course.content'; courseId: string }
  | { type: 'course.updated' | 'course.deleted'; courseId: string; wasVisible: boolean };
import { communityTopic } from '../core/topics.ts';

/** The courses' view of the community's topic. */
export const coursesTopic = (communityId: string) => communityTopic<CourseEvent>(communityId);
