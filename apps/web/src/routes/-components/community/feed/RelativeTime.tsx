import { Text, Tooltip, type TextProps } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/* One clock for every timestamp on the page, ticking while any is shown. */
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 30_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];

/** '5 minutes ago', '3 days ago', in the reader's language; under a minute (or a clock ahead of ours) 'just now'. */
function relative(locale: string, seconds: number): string | null {
  if (seconds < 60) return null;
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [name, length] of STEPS) {
    if (seconds >= length) [unit, size] = [name, length];
  }
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-Math.floor(seconds / size), unit);
}

interface RelativeTimeProps extends TextProps {
  date: Date;
}

/** A time as 'x ago', with the exact date and time in a tooltip. */
export function RelativeTime({ date, ...props }: RelativeTimeProps) {
  const { t, i18n } = useTranslation();
  const current = useSyncExternalStore(subscribe, () => now);
  const label = relative(i18n.language, (current - date.getTime()) / 1000) ?? t('feed.justNow');
  const exact = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' }).format(date);
  return (
    <Tooltip label={exact} withArrow openDelay={300}>
      <Text component="time" dateTime={date.toISOString()} size="xs" c="dimmed" tabIndex={0} {...props}>
        {label}
      </Text>
    </Tooltip>
  );
}
