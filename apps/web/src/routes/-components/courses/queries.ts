import type { TrpcOptions } from '../../../lib/trpc.ts';
import { retryUnlessRefused } from '../../../lib/trpc-errors.ts';

/** A course with its modules and lessons, shared by the routes' loaders (prefetch) and the pages. */
export function courseQueryOptions(trpc: TrpcOptions, courseId: string) {
  return { ...trpc.courses.byId.queryOptions({ courseId }), retry: retryUnlessRefused };
}
