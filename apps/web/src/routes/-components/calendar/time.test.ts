import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { intlLocale } from '../../../i18n/locale.ts';
import { daysOf, formatEventWhen, fromPickerValue, monthRange, toPickerValue, viewerTimeZone } from './time.ts';

/**
 * The helpers read the viewer's zone from the environment, as the browser gives it; each test sets
 * the process's zone (Node applies a change of TZ at once) and puts it back.
 */
const originalZone = process.env.TZ;
const inZone = (zone: string) => {
  process.env.TZ = zone;
};

beforeEach(() => inZone('UTC'));
afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

/** 2031-01-16 00:30 UTC: the evening of the 15th in New York, the morning of the 16th in Tokyo. */
const START = new Date('2031-01-16T00:30:00Z');
const END = new Date('2031-01-16T02:00:00Z');

describe('event times', () => {
  it("names the viewer's zone", () => {
    inZone('Asia/Tokyo');
    expect(viewerTimeZone()).toBe('Asia/Tokyo');
    inZone('America/New_York');
    expect(viewerTimeZone()).toBe('America/New_York');
  });

  it("shows an event in the viewer's zone, with the zone named", () => {
    inZone('America/New_York');
    expect(formatEventWhen(START, END, 'en')).toBe('Wed, Jan 15, 7:30 PM – 9:00 PM EST');
    inZone('Asia/Tokyo');
    expect(formatEventWhen(START, END, 'en')).toBe('Thu, Jan 16, 9:30 AM – 11:00 AM GMT+9');
    inZone('UTC');
    expect(formatEventWhen(START, END, 'en')).toBe('Thu, Jan 16, 12:30 AM – 2:00 AM UTC');
    // Summer time is named as such.
    inZone('America/New_York');
    expect(formatEventWhen(new Date('2031-07-01T16:00:00Z'), new Date('2031-07-01T17:00:00Z'), 'en')).toBe('Tue, Jul 1, 12:00 PM – 1:00 PM EDT');
  });

  it("writes the same times in Arabic, still in the viewer's zone", () => {
    const ar = intlLocale('ar');
    const fresh = (timeZone: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(ar, { ...options, timeZone });
    const start = { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } as const;
    const end = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
    for (const zone of ['America/New_York', 'Asia/Tokyo', 'America/New_York']) {
      inZone(zone);
      expect(formatEventWhen(START, END, ar)).toBe(`${fresh(zone, start).format(START)} – ${fresh(zone, end).format(END)}`);
    }
    // Wednesday evening in New York, Thursday morning in Tokyo.
    inZone('America/New_York');
    expect(formatEventWhen(START, END, ar)).toContain('الأربعاء');
    inZone('Asia/Tokyo');
    expect(formatEventWhen(START, END, ar)).toContain('الخميس');
  });

  it("gives both dates when an event spans days in the viewer's zone, and one when it does not", () => {
    // 14:00 to 16:00 UTC on the 15th: one afternoon in London, across midnight in Tokyo.
    const start = new Date('2031-01-15T14:00:00Z');
    const end = new Date('2031-01-15T16:00:00Z');
    inZone('Europe/London');
    expect(formatEventWhen(start, end, 'en')).toBe('Wed, Jan 15, 2:00 PM – 4:00 PM GMT');
    inZone('Asia/Tokyo');
    expect(formatEventWhen(start, end, 'en')).toBe('Wed, Jan 15, 11:00 PM – Thu, Jan 16, 1:00 AM GMT+9');
    inZone('America/Los_Angeles');
    expect(formatEventWhen(start, end, 'en')).toBe('Wed, Jan 15, 6:00 AM – 8:00 AM PST');
    inZone('Pacific/Kiritimati');
    expect(formatEventWhen(start, end, 'en')).toBe('Thu, Jan 16, 4:00 AM – 6:00 AM GMT+14');
    // Across midnight in UTC, one evening in New York; half-hour zones are named with their minutes.
    inZone('America/New_York');
    expect(formatEventWhen(new Date('2031-01-15T23:00:00Z'), new Date('2031-01-16T01:00:00Z'), 'en')).toBe('Wed, Jan 15, 6:00 PM – 8:00 PM EST');
    inZone('Asia/Kolkata');
    expect(formatEventWhen(new Date('2031-01-15T22:00:00Z'), new Date('2031-01-16T01:00:00Z'), 'en')).toBe('Thu, Jan 16, 3:30 AM – 6:30 AM GMT+5:30');
  });

  it("reads the form's local time as the owner's moment, and writes a moment back as the field holds it", () => {
    inZone('America/New_York');
    expect(fromPickerValue('2031-01-15T19:30')).toEqual(START);
    expect(toPickerValue(START)).toBe('2031-01-15T19:30');
    inZone('Asia/Tokyo');
    expect(fromPickerValue('2031-01-16T09:30')).toEqual(START);
    expect(toPickerValue(START)).toBe('2031-01-16T09:30');
    // The same wall time is a different moment in another zone.
    expect(fromPickerValue('2031-01-15T19:30')).toEqual(new Date('2031-01-15T10:30:00Z'));
    // Across the change to summer time (New York, 9 March 2031, 2:00 becomes 3:00).
    inZone('America/New_York');
    expect(fromPickerValue('2031-03-08T12:00')).toEqual(new Date('2031-03-08T17:00:00Z'));
    expect(fromPickerValue('2031-03-10T12:00')).toEqual(new Date('2031-03-10T16:00:00Z'));
  });

  it('treats a blank or broken field as no time', () => {
    expect(fromPickerValue('')).toBeNull();
    expect(fromPickerValue(null)).toBeNull();
    expect(fromPickerValue('not a time')).toBeNull();
  });

  it("marks the days an event covers in the viewer's zone; ending at midnight does not mark the next day", () => {
    inZone('America/New_York');
    expect(daysOf(START, END)).toEqual(['2031-01-15']);
    inZone('Asia/Tokyo');
    expect(daysOf(START, END)).toEqual(['2031-01-16']);
    expect(daysOf(new Date('2031-01-15T22:00:00Z'), new Date('2031-01-18T03:00:00Z'))).toEqual(['2031-01-16', '2031-01-17', '2031-01-18']);
    // 10:00 on the 16th to midnight (Tokyo) is the 16th only.
    expect(daysOf(new Date('2031-01-16T01:00:00Z'), new Date('2031-01-16T15:00:00Z'))).toEqual(['2031-01-16']);
    // A very long event marks at most 62 days.
    expect(daysOf(new Date('2031-01-01T00:00:00Z'), new Date('2031-12-31T00:00:00Z'))).toHaveLength(62);
  });

  it("asks for the six weeks the month view can show, Monday to Sunday as the calendar draws them, from the viewer's local midnights", () => {
    inZone('Asia/Tokyo');
    // January 2031 starts on a Wednesday: the view starts on Monday 30 December.
    expect(monthRange('2031-01-01')).toEqual({ from: new Date('2030-12-29T15:00:00Z'), to: new Date('2031-02-09T15:00:00Z') });
    inZone('America/New_York');
    expect(monthRange('2031-01-01')).toEqual({ from: new Date('2030-12-30T05:00:00Z'), to: new Date('2031-02-10T05:00:00Z') });
    // March 2031 starts on a Saturday and ends on a Monday: its view ends on Sunday 6 April, in summer time.
    expect(monthRange('2031-03-01')).toEqual({ from: new Date('2031-02-24T05:00:00Z'), to: new Date('2031-04-07T04:00:00Z') });
    // June 2031 starts on a Sunday: the view starts six days before it.
    inZone('UTC');
    expect(monthRange('2031-06-01')).toEqual({ from: new Date('2031-05-26T00:00:00Z'), to: new Date('2031-07-07T00:00:00Z') });
  });
});
