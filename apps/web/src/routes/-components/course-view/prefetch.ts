import type { QueryClient } from '@tanstack/react-query';
import type { RouterContext } from '../../../lib/router-context.ts';
import type { TrpcOptions } from '../../../lib/trpc.ts';
import { courseQueryOptions } from '../courses/queries.ts';
import { moduleOfOverview, pagesOf } from './pages.ts';

/** Fetches a page of the learning view (a lesson, or a module's own page) into the cache. */
export function prefetchCoursePage(queryClient: QueryClient, trpc: TrpcOptions, page: string) {
  const moduleId = moduleOfOverview(page);
  return moduleId ? queryClient.prefetchQuery(trpc.courses.module.queryOptions({ moduleId })) : queryClient.prefetchQuery(trpc.courses.lesson.queryOptions({ lessonId: page }));
}

/**
 * The learning view's first screen: the course (its outline), then the page it opens on. Resolves
 * once both have settled (the server renders a member's page then); a refusal stays for the page to show.
 */
export async function prefetchCourse({ queryClient, trpc }: RouterContext, courseId: string, moduleId: string | undefined, lessonId: string | undefined) {
  const course = await queryClient.fetchQuery(courseQueryOptions(trpc, courseId)).catch(() => null);
  const { selected } = course ? pagesOf(course, moduleId, lessonId ?? null) : { selected: null };
  if (selected) await prefetchCoursePage(queryClient, trpc, selected);
}
