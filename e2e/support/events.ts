import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { openCommunity } from './communities.ts';

/** The community calendar's events: the sidebar card, scheduling through the API, and a record of the notifications a page shows. */

export const eventsCard = (page: Page) => page.getByRole('region', { name: 'Events' });
export const upcoming = (page: Page) => eventsCard(page).getByRole('list', { name: 'Upcoming' });
export const eventButton = (page: Page, title: string) => upcoming(page).getByRole('button').filter({ hasText: title });

/** 'YYYY-MM-DDTHH:mm' in the browser's zone, as a date-time field takes it. */
export const localField = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** Schedules an event through the API as the page's owner (superjson carries the dates). */
export async function createEvent(page: Page, communityId: string, event: { title: string; startsAt: Date; endsAt: Date; reminderMinutes?: number }) {
  const json = { communityId, description: 'Scheduled by the test', ...event, startsAt: event.startsAt.toISOString(), endsAt: event.endsAt.toISOString() };
  const res = await page.request.post('/trpc/calendar.create', { data: { json, meta: { values: { startsAt: ['Date'], endsAt: ['Date'] } } } });
  expect(res.status()).toBe(200);
}

/** What the page's Notification stand-in saw: see recordNotifications. */
export interface NotificationLog {
  permission: NotificationPermission;
  requests: number;
  shown: Array<{ title: string; body: string | undefined }>;
}

/**
 * Runs in the page before its scripts: wraps the browser's own Notification so the test can see each
 * notification the page creates (after the real constructor accepted it) and each permission request.
 */
export function recordNotifications() {
  const Real = window.Notification;
  const log = { requests: 0, shown: [] as Array<{ title: string; body: string | undefined }> };
  class Recorded extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      log.shown.push({ title, body: options?.body });
    }
  }
  Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
  Object.defineProperty(Recorded, 'requestPermission', {
    value: () => {
      log.requests += 1;
      return Real.requestPermission();
    },
  });
  Object.assign(window, { Notification: Recorded, notificationLog: log });
}

export const notificationLog = (page: Page) =>
  page.evaluate((): NotificationLog => {
    const log = (window as unknown as { notificationLog: Omit<NotificationLog, 'permission'> }).notificationLog;
    return { permission: Notification.permission, requests: log.requests, shown: [...log.shown] };
  });

/** Opens the community's posts tab and waits for its events card. */
export async function openEvents(page: Page, name: string) {
  await openCommunity(page, name);
  await eventsCard(page).waitFor();
}
