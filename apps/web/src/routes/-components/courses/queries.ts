import type { TrpcOptions } from '../../../lib/trpc.ts';
import { retryUnlessRefused } from '../../../lib/retry.ts';

/** A course with its modules and lessons, shared by the routes' loaders (prefetch) and the pages. */
export function courseQueryOptions(trpc: TrpcOptions, courseId: string) {
  return { ...trpc.courses.byId.queryOptions({ courseId }), retry: retryUnlessRefused };
}

/** A community's courses: the sidebar's card and the courses tab. */
export function coursesQueryOptions(trpc: TrpcOptions, communityId: string) {
  return { ...trpc.courses.list.queryOptions({ communityId }), retry: retryUnlessRefused };
}
