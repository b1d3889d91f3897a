import type { AppRouter } from '@app/api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

export type CourseCardData = Outputs['courses']['list'][number];
export type CourseView = Outputs['courses']['byId'];
export type CourseLesson = Outputs['courses']['lesson'];

/** How far the viewer got, 0 to 100. */
export const percentDone = (course: { completedCount: number; lessonCount: number }) =>
  course.lessonCount > 0 ? Math.round((100 * course.completedCount) / course.lessonCount) : 0;
