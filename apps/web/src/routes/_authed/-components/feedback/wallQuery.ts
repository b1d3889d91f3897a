import { FEEDBACK_LIMITS } from '@app/shared/constants';
import type { TrpcOptions } from '../../../../lib/trpc.ts';

/**
 * The wall, 10 feedbacks a page, each page asked for with the previous one's cursor. On its own so
 * that the route's loader, in the entry script, does not carry the wall's cache code.
 */
export function wallQueryOptions(trpc: TrpcOptions) {
  return trpc.feedback.list.infiniteQueryOptions({ limit: FEEDBACK_LIMITS.pageSize }, { getNextPageParam: (last) => last.nextCursor });
}
