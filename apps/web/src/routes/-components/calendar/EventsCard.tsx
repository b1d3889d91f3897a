import '@mantine/dates/styles.css';
import { Button, Center, Indicator, Stack, Text, UnstyledButton } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import { EVENT_MESSAGES } from '@app/shared/plain/calendar';
import { IconBell, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { memo, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../i18n/server-text.ts';
import { formatDate } from '../../../lib/format.ts';
import { useDeepLink } from '../../../lib/useDeepLink.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { currentMonth, monthEventsQueryOptions, upcomingEventsQueryOptions } from './queries.ts';
import { CALENDAR_LABELS, localDay } from './calendar-labels.ts';
import { EventDetails } from './EventDetails.tsx';
import classes from './events.module.css';
import { daysOf, formatEventWhen, monthRange } from './time.ts';
import type { CommunityEvent } from './types.ts';
import { useEventReminders, useNotificationPermission } from './useEventReminders.ts';
import { useLiveEvents } from './useLiveEvents.ts';
import { Loading } from '../../../components/Loading.tsx';
import { SideCard } from '../../../components/SideCard.tsx';
import { lazyNamed } from '../../../lib/lazy.ts';

const EventForm = lazyNamed('src/routes/-components/calendar/EventForm.tsx', () => import('./EventForm.tsx').then((module) => module.EventForm));

interface EventsCardProps {
  communityId: string;
  communityName: string;
  canEdit: boolean;
}

/**
 * The sidebar's events: a month calendar with days that have events marked, the upcoming events
 * (or a chosen day's), each opening its panel; the owner and admins (`canEdit`) schedule new ones. Kept live.
 */
export const EventsCard = memo(function EventsCard({ communityId, communityName, canEdit }: EventsCardProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const [month, setMonth] = useState(currentMonth);
  const [day, setDay] = useState<string | null>(null);
  const [open, setOpen] = useState<CommunityEvent | null>(null);
  const [editing, setEditing] = useState<CommunityEvent | null | 'new'>(null);
  useLiveEvents(communityId);
  // An event a link points at (?event=, from a notification) opens its panel.
  const link = useDeepLink();
  const linked = useQuery({ ...trpc.calendar.byId.queryOptions({ eventId: link.event ?? '' }), enabled: Boolean(link.event) });
  const shownEvent = open ?? (link.event ? (linked.data ?? null) : null);

  const range = useMemo(() => monthRange(month), [month]);
  const monthEvents = useQuery(monthEventsQueryOptions(trpc, communityId, range));
  const upcoming = useQuery(upcomingEventsQueryOptions(trpc, communityId));
  useEventReminders(upcoming.data, communityName);
  const permission = useNotificationPermission();

  const byDay = useMemo(() => {
    const map = new Map<string, CommunityEvent[]>();
    for (const event of monthEvents.data ?? []) for (const d of daysOf(event.startsAt, event.endsAt)) map.set(d, [...(map.get(d) ?? []), event]);
    return map;
  }, [monthEvents.data]);
  const shown = day ? (byDay.get(day) ?? []) : (upcoming.data ?? []).slice(0, 5);
  const withReminders = (upcoming.data ?? []).some((event) => event.reminderMinutes !== null);

  return (
    <>
      <SideCard
        titleId="events-title"
        title={t('events.title')}
        action={
          canEdit && (
            <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
              {t('events.add')}
            </Button>
          )
        }
      >
        <Center>
          <Calendar
            date={month}
            onDateChange={setMonth}
            size="sm"
            highlightToday
            aria-label={t('events.calendar')}
            previousLabel={t('events.previousMonth')}
            nextLabel={t('events.nextMonth')}
            {...CALENDAR_LABELS}
            getDayProps={(date) => ({
              selected: date === day,
              onClick: () => setDay(date === day ? null : date),
              'aria-label': byDay.has(date)
                ? t('events.dayWithEvents', {
                    date: formatDate(localDay(date), 'longDay'),
                    count: byDay.get(date)!.length,
                  })
                : formatDate(localDay(date), 'longDay'),
            })}
            renderDay={(date) => (
              <Indicator size={6} color="brand" offset={-3} position="bottom-center" disabled={!byDay.has(date)}>
                <div>{formatDate(localDay(date), 'dayOfMonth')}</div>
              </Indicator>
            )}
          />
        </Center>
        <Stack gap={4}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {day ? formatDate(localDay(day), 'weekdayDay') : t('events.upcoming')}
          </Text>
          {upcoming.isPending ? (
            <Loading py="sm" label={t('events.loading')} size="sm" />
          ) : upcoming.data === undefined ? (
            <Text size="sm" c="red">
              {serverText(upcoming.error.message)}
            </Text>
          ) : shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              {day ? t('events.noneThatDay') : serverText(EVENT_MESSAGES.empty)}
            </Text>
          ) : (
            <ul className={classes.list} aria-label={day ? t('events.dayList') : t('events.upcoming')}>
              {shown.map((event) => (
                <li key={event.id}>
                  <UnstyledButton className={classes.item} onClick={() => setOpen(event)}>
                    <span className={classes.date} aria-hidden="true">
                      <span>{formatDate(event.startsAt, 'shortMonth')}</span>
                      <strong>{formatDate(event.startsAt, 'dayOfMonth')}</strong>
                    </span>
                    <span className={classes.text}>
                      <Text size="sm" fw={600} lineClamp={1}>
                        {event.title}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {formatEventWhen(event.startsAt, event.endsAt)}
                      </Text>
                    </span>
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          )}
        </Stack>
        {withReminders && permission.permission === 'default' && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconBell size={14} />}
            onClick={() => void permission.request()}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('events.allowReminders')}
          </Button>
        )}
      </SideCard>
      <EventDetails
        event={shownEvent}
        canEdit={canEdit}
        onClose={() => {
          setOpen(null);
          if (link.event) link.clear('event');
        }}
        onEdit={(event) => {
          setOpen(null);
          if (link.event) link.clear('event');
          setEditing(event);
        }}
      />
      {editing !== null && (
        // Its code (and the event schema it validates with) loads as it first opens: the sidebar's card does not need it to be drawn.
        <Suspense fallback={null}>
          <EventForm
            key={editing === 'new' ? 'new' : editing.id}
            onClose={() => setEditing(null)}
            communityId={communityId}
            event={editing === 'new' ? null : editing}
          />
        </Suspense>
      )}
    </>
  );
});
