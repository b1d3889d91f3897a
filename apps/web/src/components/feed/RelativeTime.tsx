import { Text, type TextProps } from '@mantine/core';
import { LazyTooltip } from '../LazyTooltip.tsx';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTimeAgo, pageRenderedAt, recordingFormats } from '../../lib/format.ts';

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

/** How much later than the server's the browser's clock may read, as the page comes alive, for a carried relative time to serve. */
const CARRIED_SPAN_MS = 60_000;

/**
 * On a page the server renders, a list's relative times and their tooltips' dates, written ahead
 * and carried with the page (format.ts): for the items it leaves for the browser to draw (the posts
 * below the first screen), and as the browser's clock will read them a little later (the drawn
 * ones switch to it once alive). Drawing them then builds no formatter: the browser's first costs
 * tens of milliseconds on a phone, as the page comes alive. Does nothing elsewhere.
 */
export function carryTimes(items: ReadonlyArray<{ createdAt: Date }>) {
  const at = pageRenderedAt();
  if (!recordingFormats() || at === undefined) return;
  for (const { createdAt: date } of items) {
    formatTimeAgo((at - date.getTime()) / 1000);
    formatTimeAgo((at + CARRIED_SPAN_MS - date.getTime()) / 1000);
    formatDate(date, 'exact');
  }
}

interface RelativeTimeProps extends TextProps {
  date: Date;
  /** -1 inside a link (a notification), which is focusable itself. */
  tabIndex?: number;
}

/** A time as 'x ago', with the exact date and time in a tooltip. */
export function RelativeTime({ date, tabIndex = 0, ...props }: RelativeTimeProps) {
  const { t } = useTranslation();
  // Rendered on the server, and hydrated, by the clock the page was written by; then by this one.
  const current = useSyncExternalStore(subscribe, () => now, () => pageRenderedAt() ?? now);
  // Under a minute (or a clock ahead of ours) 'just now'.
  const label = formatTimeAgo((current - date.getTime()) / 1000) ?? t('feed.justNow');
  const exact = formatDate(date, 'exact');
  return (
    <LazyTooltip label={exact} withArrow openDelay={300}>
      <Text component="time" dateTime={date.toISOString()} size="xs" c="dimmed" tabIndex={tabIndex} {...props}>
        {label}
      </Text>
    </LazyTooltip>
  );
}
