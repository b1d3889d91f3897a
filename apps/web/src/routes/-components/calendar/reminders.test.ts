import { describe, expect, it } from 'vitest';
import { MAX_REMINDER_DELAY_MS, reminderDelay } from './reminders.ts';

const NOW = Date.parse('2031-01-15T12:00:00Z');
const MINUTE = 60_000;
const startingIn = (ms: number, reminderMinutes: number | null) => ({ startsAt: new Date(NOW + ms), reminderMinutes });

describe('reminder scheduling', () => {
  it('waits until the chosen minutes before the start', () => {
    expect(reminderDelay(startingIn(5 * MINUTE + 8_000, 5), NOW)).toBe(8_000);
    expect(reminderDelay(startingIn(2 * 60 * MINUTE, 60), NOW)).toBe(60 * MINUTE);
    expect(reminderDelay(startingIn(3 * 24 * 60 * MINUTE, 1440), NOW)).toBe(2 * 24 * 60 * MINUTE);
  });

  it('schedules nothing when the reminder time has come or passed, even if the event is still ahead', () => {
    expect(reminderDelay(startingIn(5 * MINUTE, 5), NOW)).toBeNull();
    expect(reminderDelay(startingIn(2 * MINUTE, 5), NOW)).toBeNull();
    expect(reminderDelay(startingIn(23 * 60 * MINUTE, 1440), NOW)).toBeNull();
    expect(reminderDelay(startingIn(-MINUTE, 15), NOW)).toBeNull();
    // One millisecond ahead is still ahead.
    expect(reminderDelay(startingIn(5 * MINUTE + 1, 5), NOW)).toBe(1);
  });

  it('schedules nothing for an event without a reminder', () => {
    expect(reminderDelay(startingIn(60 * MINUTE, null), NOW)).toBeNull();
  });

  it('leaves a reminder too far off for one timer to a later visit', () => {
    expect(reminderDelay(startingIn(MAX_REMINDER_DELAY_MS + 5 * MINUTE, 5), NOW)).toBe(MAX_REMINDER_DELAY_MS);
    expect(reminderDelay(startingIn(MAX_REMINDER_DELAY_MS + 5 * MINUTE + 1, 5), NOW)).toBeNull();
  });

  it('counts from the present moment by default', () => {
    const delay = reminderDelay({ startsAt: new Date(Date.now() + 10 * MINUTE), reminderMinutes: 5 });
    expect(delay).toBeGreaterThan(5 * MINUTE - 1_000);
    expect(delay).toBeLessThanOrEqual(5 * MINUTE);
  });
});
