import { describe, expect, it } from 'vitest';
import { calendarTime, reminderTime, REMINDER_OPTIONS } from './calendar.ts';

const START = new Date('2031-01-16T00:30:00Z');

describe('reminderTime', () => {
  it('is the chosen minutes before the start, for every option', () => {
    expect(REMINDER_OPTIONS.map((minutes) => reminderTime({ startsAt: START, reminderMinutes: minutes })?.toISOString())).toEqual([
      '2031-01-16T00:25:00.000Z',
      '2031-01-16T00:15:00.000Z',
      '2031-01-16T00:00:00.000Z',
      '2031-01-15T23:30:00.000Z',
      '2031-01-15T00:30:00.000Z',
    ]);
  });

  it('is null for an event without a reminder', () => {
    expect(reminderTime({ startsAt: START, reminderMinutes: null })).toBeNull();
  });

  it('does not change the event', () => {
    const event = { startsAt: new Date(START), reminderMinutes: 30 };
    reminderTime(event);
    expect(event.startsAt).toEqual(START);
  });
});

describe('calendarTime', () => {
  it('writes a moment in UTC as calendars do', () => {
    expect(calendarTime(START)).toBe('20310116T003000Z');
    expect(calendarTime(new Date('2031-07-01T23:59:59.999Z'))).toBe('20310701T235959Z');
  });
});
