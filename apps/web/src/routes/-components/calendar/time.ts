import dayjs from 'dayjs';
import { intlLocale } from '../../../i18n/locale.ts';
import { dateFormat } from '../../../lib/format.ts';

/**
 * Event times: stored as UTC instants, shown in the viewer's own time zone with the zone named, and
 * entered in the owner's local time (date-time fields hold local 'YYYY-MM-DDTHH:mm').
 */

/** The viewer's time zone, e.g. 'Europe/Paris'. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * 'Tue, Mar 10, 6:30 PM – 7:30 PM CET' (or both dates when it spans days), in the interface's
 * language. The zone is named to the formatters (which are kept) rather than left to the one they
 * were built in.
 */
export function formatEventWhen(start: Date, end: Date, locale = intlLocale()): string {
  const timeZone = viewerTimeZone();
  const sameDay = dayjs(start).isSame(end, 'day');
  const startFormat = dateFormat({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }, locale);
  const endFormat = sameDay
    ? dateFormat({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }, locale)
    : dateFormat({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }, locale);
  return `${startFormat.format(start)} – ${endFormat.format(end)}`;
}

/** A moment as a date-time field holds it: the viewer's local time, 'YYYY-MM-DDTHH:mm'. */
export const toPickerValue = (date: Date) => dayjs(date).format('YYYY-MM-DDTHH:mm');

/** The field's local time as a moment, or null when blank or not a time. */
export function fromPickerValue(value: string | null): Date | null {
  const parsed = value ? dayjs(value) : null;
  return parsed?.isValid() ? parsed.toDate() : null;
}

/** The days (local) an event covers, for the calendar's marks. */
export function daysOf(start: Date, end: Date): string[] {
  const days: string[] = [];
  // An event ending at midnight does not mark the next day.
  const last = dayjs(end).subtract(1, 'millisecond');
  for (let day = dayjs(start).startOf('day'); !day.isAfter(last, 'day') && days.length < 62; day = day.add(1, 'day')) days.push(day.format('YYYY-MM-DD'));
  return days;
}

/**
 * The six weeks the month view can show around a month (local), as the range the server is asked
 * for. The calendar's weeks start on Monday (Mantine's default), so the range does too: a range from
 * the Sunday before would miss the view's last Sunday, or its first six days when the 1st is a Sunday.
 */
export function monthRange(month: string): { from: Date; to: Date } {
  const first = dayjs(month).startOf('month');
  const monday = first.subtract((first.day() + 6) % 7, 'day');
  return { from: monday.toDate(), to: monday.add(42, 'day').toDate() };
}
