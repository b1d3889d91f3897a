/**
 * A community's events: the sidebar calendar, the event form and an event's panel, without zod: the
 * messages, limits and helpers that calendar.ts re-exports beside its schemas, for the web app to
 * import without building them (packages/shared/README.md).
 */

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
