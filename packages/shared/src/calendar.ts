import { z } from 'zod';
import { COMMUNITY_MESSAGES } from './communities.ts';
import { boundedDate, boundedText } from './input.ts';

/** A community's events: the sidebar calendar, the event form and an event's panel (spec sections 2, 4, 5, 8 and 9). */

export const EVENT_MESSAGES = {
  deleteQuestion: 'Are you sure you want to delete this event?',
  deleteFailed: 'An error occurred while deleting the event',
  deleted: 'Event deleted successfully',
  updateFailed: 'An error occurred while updating the event',
  updated: 'Event updated successfully',
  created: 'Event created successfully!',
  communityNotFound: 'Could not find community',
  uploadFailed: (message: string) => `Error uploading image: ${message}`,
  createFailed: (message: string) => `Error creating event: ${message}`,
  empty: 'No events yet',
  notFound: 'This event no longer exists.',
  titleRequired: 'Title is required.',
  titleTooLong: (max: number) => `A title can be at most ${max} characters.`,
  descriptionRequired: 'Description is required.',
  descriptionTooLong: (max: number) => `A description can be at most ${max} characters.`,
  startRequired: 'Start date and time are required.',
  endRequired: 'End date and time are required.',
  endAfterStart: 'The event must end after it starts.',
  meetingLink: 'The meeting link must be a URL.',
  videoUrl: 'The video URL must be a URL.',
  reminder: 'Choose a reminder of none, 5, 15, 30, 60 or 1440 minutes.',
  cover: 'The cover must be an image you uploaded.',
  range: 'Choose a range of at most 62 days.',
} as const;

export const EVENT_LIMITS = {
  titleMax: 120,
  descriptionMax: 5000,
  urlMax: 2048,
  /** The calendar asks for a month at a time (six weeks shown); more is refused. */
  rangeDaysMax: 62,
  upcomingMax: 20,
} as const;

/** Spec section 9: the reminder choices, in minutes before the start (null: none). */
export const REMINDER_OPTIONS = [5, 15, 30, 60, 1440] as const;

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

/** `20261124T170000Z`: a UTC moment as calendars write it (RFC 5545 form, also Google Calendar's). */
export function calendarTime(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** 'Add to Google Calendar': a link that opens Google Calendar with the event filled in (times in UTC). */
export function googleCalendarUrl(event: { title: string; description: string; startsAt: Date; endsAt: Date; meetingLink: string | null }): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${calendarTime(event.startsAt)}/${calendarTime(event.endsAt)}`,
    details: event.meetingLink ? `${event.description}\n\n${event.meetingLink}` : event.description,
  });
  if (event.meetingLink) params.set('location', event.meetingLink);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** When a reminder fires, or null when the event has none. */
export function reminderTime(event: { startsAt: Date; reminderMinutes: number | null }): Date | null {
  return event.reminderMinutes === null ? null : new Date(event.startsAt.getTime() - event.reminderMinutes * 60_000);
}
