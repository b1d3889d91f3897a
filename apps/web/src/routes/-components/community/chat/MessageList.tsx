import { Divider, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../../i18n/locale.ts';
import { formatDate, formatRelativeDay } from '../../../../lib/format.ts';
import classes from './chat.module.css';
import { MessageItem } from './MessageItem.tsx';
import { displayName, type ChatMessage, type ChatPerson } from './types.ts';
import { Loading } from '../../../../components/Loading.tsx';
import { inReach } from '../../../../lib/in-reach.ts';

/** How far above the view (px) the top of the thread starts loading the older page. */
const TOP_AHEAD = 120;

interface MessageListProps {
  messages: ChatMessage[];
  viewerId: string;
  viewerName: string;
  other: ChatPerson | null | undefined;
  otherId: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  scrollerRef: RefObject<HTMLDivElement | null>;
}

/**
 * The conversation oldest at the top, opened at the bottom; reaching the top loads the older page
 * above without moving what is in view (the scroller counts from the bottom, see chat.module.css).
 */
export function MessageList({ messages, viewerId, viewerName, other, otherId, hasOlder, loadingOlder, loadOlder, scrollerRef }: MessageListProps) {
  const { t } = useTranslation();
  const otherName = other ? displayName(other) : t('chat.someone');
  const top = useRef<HTMLDivElement>(null);
  const [topInView, setTopInView] = useState(false);

  useEffect(() => {
    const target = top.current;
    const root = scrollerRef.current;
    if (!target || !root) return;
    const observer = new IntersectionObserver(([entry]) => setTopInView(Boolean(entry?.isIntersecting)), { root, rootMargin: `${TOP_AHEAD}px 0px 0px 0px` });
    observer.observe(target);
    return () => observer.disconnect();
  }, [scrollerRef]);

  useEffect(() => {
    if (!topInView || !hasOlder || loadingOlder) return;
    // The observer may not have seen the page just drawn above: the top is asked again.
    if (top.current && !inReach(top.current, scrollerRef.current, { top: TOP_AHEAD })) return;
    loadOlder();
  }, [topInView, hasOlder, loadingOlder, loadOlder, scrollerRef]);

  const locale = intlLocale();
  const days = useMemo(() => byDay(messages, locale), [messages, locale]);

  return (
    <div className={classes.scroller} ref={scrollerRef} role="log" aria-live="polite" aria-label={t('chat.thread', { name: otherName })} tabIndex={0}>
      <div className={classes.thread}>
        <div ref={top} aria-hidden="true" style={{ height: 1 }} />
        {loadingOlder && (
          <Loading py="xs" label={t('chat.loadingOlder')} size="sm" />
        )}
        {!hasOlder && (
          <Text size="xs" c="dimmed" ta="center" py="sm">
            {messages.length === 0 ? t('chat.empty', { name: otherName }) : t('chat.beginning', { name: otherName })}
          </Text>
        )}
        {days.map((day) => (
          <div key={day.key}>
            <Divider my="xs" label={<time dateTime={day.key}>{day.label}</time>} labelPosition="center" />
            <ul className={classes.messages}>
              {day.messages.map((message) => {
                const mine = message.senderId === viewerId;
                return <MessageItem key={message.id} message={message} mine={mine} senderName={mine ? viewerName : otherName} otherId={otherId} />;
              })}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Messages grouped by the reader's calendar day, labelled 'Today', 'Yesterday' or the date. */
function byDay(messages: ChatMessage[], locale: string) {
  // The day as a <time> names it (YYYY-MM-DD).
  const dayKey = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const today = new Date();
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  const label = (date: Date) => {
    const key = dayKey(date);
    if (key === dayKey(today)) return formatRelativeDay(0, locale);
    if (key === dayKey(yesterday)) return formatRelativeDay(-1, locale);
    return formatDate(date, 'day', { locale });
  };
  const days: { key: string; label: string; messages: ChatMessage[] }[] = [];
  for (const message of messages) {
    const key = dayKey(message.createdAt);
    const last = days.at(-1);
    if (last?.key === key) last.messages.push(message);
    else days.push({ key, label: label(message.createdAt), messages: [message] });
  }
  return days;
}
