import { COURSE_MESSAGES } from '@app/shared/plain/courses';
import type { AppRouter } from '@app/api';
import type { inferRouterOutputs } from '@trpc/server';
import type { TFunction } from 'i18next';
import { formatCount } from '../../../lib/format.ts';
import { serverText } from '../../../i18n/server-text.ts';

type Outputs = inferRouterOutputs<AppRouter>;

export type CourseCardData = Outputs['courses']['list'][number];
export type CourseView = Outputs['courses']['byId'];
export type CourseLesson = Outputs['courses']['lesson'];

/** How far the viewer got, 0 to 100. */
export const percentDone = (course: { completedCount: number; lessonCount: number }) =>
  course.lessonCount > 0 ? Math.round((100 * course.completedCount) / course.lessonCount) : 0;

/** '2 modules · 5 lessons', each number with its own plural, in the interface's language and digits. */
export function courseCounts(t: TFunction, course: { moduleCount: number; lessonCount: number }): string {
  const modules = t('courses.moduleCount', { count: course.moduleCount, value: formatCount(course.moduleCount) });
  const lessons = t('courses.lessonCount', { count: course.lessonCount, value: formatCount(course.lessonCount) });
  return t('courses.counts', { modules, lessons });
}

/** What a module or lesson that could not be loaded shows: the server's refusal (a locked module, one deleted meanwhile), else the spec's words; in the interface's language. */
export function contentLoadError(error: { message: string; data?: { httpStatus?: number } | null }): string {
  const status = error.data?.httpStatus;
  return serverText(status !== undefined && status >= 400 && status < 500 && error.message ? error.message : COURSE_MESSAGES.contentLoadFailed);
}
