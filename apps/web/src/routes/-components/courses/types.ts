import { COURSE_MESSAGES } from '@app/shared/courses';
import type { AppRouter } from '@app/api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

export type CourseCardData = Outputs['courses']['list'][number];
export type CourseView = Outputs['courses']['byId'];
export type CourseLesson = Outputs['courses']['lesson'];

/** How far the viewer got, 0 to 100. */
export const percentDone = (course: { completedCount: number; lessonCount: number }) =>
  course.lessonCount > 0 ? Math.round((100 * course.completedCount) / course.lessonCount) : 0;

/** What a module or lesson that could not be loaded shows: the server's refusal (a locked module, one deleted meanwhile), else the spec's words. */
export function contentLoadError(error: { message: string; data?: { httpStatus?: number } | null }): string {
  const status = error.data?.httpStatus;
  return status !== undefined && status >= 400 && status < 500 && error.message ? error.message : COURSE_MESSAGES.contentLoadFailed;
}
