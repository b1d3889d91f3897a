import { z } from 'zod';
import { boundedDate, boundedText } from './input.ts';
import { EVENT_LIMITS, EVENT_MESSAGES, REMINDER_OPTIONS } from './plain/calendar.ts';
import { COMMUNITY_MESSAGES } from './plain/communities.ts';

/** A community's events: the sidebar calendar, the event form and an event's panel (spec sections 2, 4, 5, 8 and 9). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/calendar.ts';

const id = (message: string) => z.uuid({ error: message });
export const eventIdInput = z.object({ eventId: id(EVENT_MESSAGES.notFound) });

const url = (message: string) =>
  boundedText(EVENT_LIMITS.urlMax, message)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.url({ protocol: /^https?$/, error: message }).nullable());

const eventFields = {
  title: boundedText(EVENT_LIMITS.titleMax, EVENT_MESSAGES.titleTooLong(EVENT_LIMITS.titleMax), { invalid: EVENT_MESSAGES.titleRequired }).min(
    1,
    EVENT_MESSAGES.titleRequired,
  ),
  description: boundedText(EVENT_LIMITS.descriptionMax, EVENT_MESSAGES.descriptionTooLong(EVENT_LIMITS.descriptionMax), {
    invalid: EVENT_MESSAGES.descriptionRequired,
  }).min(1, EVENT_MESSAGES.descriptionRequired),
  startsAt: boundedDate(EVENT_MESSAGES.startRequired),
  endsAt: boundedDate(EVENT_MESSAGES.endRequired),
  meetingLink: url(EVENT_MESSAGES.meetingLink),
  videoUrl: url(EVENT_MESSAGES.videoUrl),
  /** The key POST /api/uploads/event-cover answered (the owner's own upload, checked on the server); null: none. */
  coverKey: boundedText(512, EVENT_MESSAGES.cover, { trim: false })
    .nullish()
    .transform((v) => (v ? v : null)),
  reminderMinutes: z
    .int({ error: EVENT_MESSAGES.reminder })
    .min(1, EVENT_MESSAGES.reminder)
    .max(1440, EVENT_MESSAGES.reminder)
    .refine((m) => (REMINDER_OPTIONS as readonly number[]).includes(m), EVENT_MESSAGES.reminder)
    .nullish()
    .transform((v) => v ?? null),
};

const endsAfterStart = (e: { startsAt: Date; endsAt: Date }) => e.endsAt.getTime() > e.startsAt.getTime();
const endsAfterStartError = { error: EVENT_MESSAGES.endAfterStart, path: ['endsAt'] };

export const createEventInput = z.object({ communityId: id(COMMUNITY_MESSAGES.notFound), ...eventFields }).refine(endsAfterStart, endsAfterStartError);
export type CreateEventInput = z.input<typeof createEventInput>;

export const updateEventInput = z.object({ eventId: id(EVENT_MESSAGES.notFound), ...eventFields }).refine(endsAfterStart, endsAfterStartError);
export type UpdateEventInput = z.input<typeof updateEventInput>;

/** The calendar's month (events overlapping [from, to)), or without a range the upcoming ones. */
export const listEventsInput = z
  .object({
    communityId: id(COMMUNITY_MESSAGES.notFound),
    from: boundedDate(EVENT_MESSAGES.range),
    to: boundedDate(EVENT_MESSAGES.range),
  })
  .refine((r) => r.to > r.from && r.to.getTime() - r.from.getTime() <= EVENT_LIMITS.rangeDaysMax * 86_400_000, { error: EVENT_MESSAGES.range, path: ['to'] });

export const upcomingEventsInput = z.object({ communityId: id(COMMUNITY_MESSAGES.notFound) });
