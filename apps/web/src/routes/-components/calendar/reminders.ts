import { reminderTime } from '@app/shared/plain/calendar';

/** setTimeout's longest wait; a reminder further off is scheduled on a later visit. */
export const MAX_REMINDER_DELAY_MS = 2 ** 31 - 1;

/**
 * How long to wait before an event's reminder, or null when none is to be scheduled: the event has
 * no reminder, its time has already come (spec section 4: only a trigger time still in the future is
 * scheduled), or it is too far off for one timer (a later visit schedules it).
 */
export function reminderDelay(event: { startsAt: Date; reminderMinutes: number | null }, now: number = Date.now()): number | null {
  const at = reminderTime(event);
  if (!at) return null;
  const delay = at.getTime() - now;
  return delay > 0 && delay <= MAX_REMINDER_DELAY_MS ? delay : null;
}
