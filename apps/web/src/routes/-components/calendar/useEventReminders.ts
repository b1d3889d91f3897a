import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../i18n/locale.ts';
import { reminderDelay } from './reminders.ts';
import { formatEventWhen } from './time.ts';

interface RemindedEvent {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  reminderMinutes: number | null;
}

/** Reminders already shown in this tab, so a refetch does not repeat one. */
const shown = new Set<string>();

const canNotify = () => typeof window !== 'undefined' && 'Notification' in window;

/** Whether the browser may show notifications; 'unsupported' where it has none. */
export function useNotificationPermission() {
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(() => (canNotify() ? Notification.permission : 'unsupported'));
  const request = async () => {
    if (!canNotify()) return;
    setPermission(await Notification.requestPermission());
  };
  return { permission, request };
}

/**
 * Spec section 4: a reminder is scheduled only while its time is still ahead. It shows as a browser
 * notification when the member allowed them, and otherwise in the app, so nobody misses it.
 */
export function useEventReminders(events: RemindedEvent[] | undefined, communityName: string) {
  const { t } = useTranslation();
  const locale = intlLocale();
  useEffect(() => {
    const timers = (events ?? []).flatMap((event) => {
      const delay = reminderDelay(event);
      const key = `${event.id}:${event.startsAt.getTime()}:${event.reminderMinutes}`;
      if (delay === null || shown.has(key)) return [];
      return [
        window.setTimeout(() => {
          shown.add(key);
          const title = t('events.reminder.title', { title: event.title });
          const body = t('events.reminder.body', { when: formatEventWhen(event.startsAt, event.endsAt, locale), community: communityName });
          if (canNotify() && Notification.permission === 'granted') {
            new Notification(title, { body, tag: key });
          } else {
            notifications.show({ id: `reminder-${key}`, title, message: body, color: 'brand', autoClose: false });
          }
        }, delay),
      ];
    });
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [events, communityName, t, locale]);
}
