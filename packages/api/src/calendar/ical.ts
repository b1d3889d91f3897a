import type { Queryable } from '@app/db';
import ical, { ICalAlarmType } from 'ical-generator';
import { eventView } from './service.ts';

/** The product identifier calendars see (RFC 5545 PRODID). */
const PRODUCT = { company: 'community-platform', product: 'events', language: 'EN' };

/**
 * An event as an iCalendar file (RFC 5545) that any calendar imports: one VEVENT with its times in
 * UTC, a stable UID (so importing it again updates rather than duplicates), the meeting link as its
 * location and URL, and the event's reminder as a display alarm. The caller has checked the viewer
 * is a member (the meeting link is for members only).
 */
export async function eventCalendar(db: Queryable, eventId: string, domain: string) {
  const event = await eventView(db, eventId, false);
  const calendar = ical({ prodId: PRODUCT });
  calendar.createEvent({
    id: `${event.id}@${domain}`,
    start: event.startsAt,
    end: event.endsAt,
    stamp: event.createdAt,
    summary: event.title,
    description: event.description,
    location: event.meetingLink,
    url: event.meetingLink,
    alarms: event.reminderMinutes === null ? [] : [{ type: ICalAlarmType.display, triggerBefore: event.reminderMinutes * 60, description: event.title }],
  });
  // RFC 5545 ends every content line, the last one too, with CRLF.
  const body = calendar.toString().replace(/(\r\n)?$/, '\r\n');
  return { filename: `${slug(event.title)}.ics`, body };
}

/** A file name from the title: letters, digits and dashes. */
function slug(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .slice(0, 60)
      .toLowerCase() || 'event'
  );
}
