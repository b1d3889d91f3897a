import { communityEvents } from '@app/db/schema';
import { EVENT_LIMITS, eventIdInput, listEventsInput, upcomingEventsInput } from '@app/shared/calendar';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { mayAdminister } from '../core/access.ts';
import { memberProcedure } from '../core/trpc.ts';
import { eventColumns, eventView } from './service.ts';

/** The calendar's range: the community's events overlapping [from, to), by start. Members and the owner. */
export const list = memberProcedure.input(listEventsInput).query(({ ctx, input }) =>
  ctx.db
    .select(eventColumns)
    .from(communityEvents)
    .where(and(eq(communityEvents.communityId, ctx.community.id), lt(communityEvents.startTimestamp, input.to), gt(communityEvents.endTimestamp, input.from)))
    .orderBy(asc(communityEvents.startTimestamp), asc(communityEvents.id))
    .limit(500),
);

/** The sidebar's list: events not yet over, soonest first (also what reminders are scheduled from). */
export const upcoming = memberProcedure.input(upcomingEventsInput).query(({ ctx }) =>
  ctx.db
    .select(eventColumns)
    .from(communityEvents)
    .where(and(eq(communityEvents.communityId, ctx.community.id), gt(communityEvents.endTimestamp, sql`now()`)))
    .orderBy(asc(communityEvents.startTimestamp), asc(communityEvents.id))
    .limit(EVENT_LIMITS.upcomingMax),
);

/** An event's panel. */
export const byId = memberProcedure.input(eventIdInput).query(({ ctx, input }) => eventView(ctx.db, input.eventId, mayAdminister(ctx)));
