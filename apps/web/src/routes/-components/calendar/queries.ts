import dayjs from 'dayjs';
import type { TrpcOptions } from '../../../lib/trpc.ts';
import { retryUnlessRefused } from '../../../lib/retry.ts';

/** The month the calendar opens on ('YYYY-MM-01'). */
export function currentMonth() {
  return dayjs().format('YYYY-MM-01');
}

/** A month's events, for the calendar's marked days. */
export function monthEventsQueryOptions(trpc: TrpcOptions, communityId: string, range: { from: Date; to: Date }) {
  return { ...trpc.calendar.list.queryOptions({ communityId, ...range }), retry: retryUnlessRefused };
}

/** The next events, listed under the calendar (and reminded of). */
export function upcomingEventsQueryOptions(trpc: TrpcOptions, communityId: string) {
  return { ...trpc.calendar.upcoming.queryOptions({ communityId }), retry: retryUnlessRefused };
}
