import { Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { NotificationKind } from '@app/shared/plain/notifications';
import {
  IconAt,
  IconBell,
  IconCalendarEvent,
  IconCash,
  IconCheck,
  IconDownload,
  IconFlag,
  IconHeartFilled,
  IconMessageCircle,
  IconSchool,
  IconTrophy,
  IconUserPlus,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDate, formatMoney } from '../../lib/format.ts';
import { CommunityLogo } from '../CommunityLogo.tsx';
import { RelativeTime } from '../feed/RelativeTime.tsx';
import { UserAvatar } from '../UserAvatar.tsx';
import { sentenceOf, targetOf } from './describe.ts';
import classes from './notifications.module.css';
import type { Notification } from './types.ts';

/** The small sign on the avatar: what kind of thing happened. */
const KIND_ICONS: Partial<Record<NotificationKind, { icon: Icon; color: string }>> = {
  'post.liked': { icon: IconHeartFilled, color: 'red' },
  'comment.liked': { icon: IconHeartFilled, color: 'red' },
  'post.commented': { icon: IconMessageCircle, color: 'blue' },
  'comment.replied': { icon: IconMessageCircle, color: 'blue' },
  mention: { icon: IconAt, color: 'grape' },
  'join.requested': { icon: IconUserPlus, color: 'teal' },
  'join.approved': { icon: IconCheck, color: 'teal' },
  'join.declined': { icon: IconX, color: 'gray' },
  'event.created': { icon: IconCalendarEvent, color: 'orange' },
  'event.starting': { icon: IconCalendarEvent, color: 'orange' },
  'course.published': { icon: IconSchool, color: 'indigo' },
  'module.published': { icon: IconSchool, color: 'indigo' },
  'level.up': { icon: IconTrophy, color: 'yellow' },
  'partner.member': { icon: IconCash, color: 'green' },
  'partner.payout': { icon: IconCash, color: 'green' },
  'export.ready': { icon: IconDownload, color: 'blue' },
  'report.resolved': { icon: IconFlag, color: 'gray' },
};

/** The notification's sentence in the interface language ('Ana and 3 others liked your post'). */
export function useSentence() {
  const { t } = useTranslation();
  return (item: Notification) => {
    const { key, count } = sentenceOf(item);
    const actor = item.actor ? (item.actor.fullName ?? item.actor.username) : t('notifications.someone');
    const amount = item.data.amountCents;
    const level = item.data.level;
    return t(key, {
      name: actor,
      community: item.community?.name ?? '',
      event: item.event?.title ?? '',
      course: item.course?.title ?? '',
      module: item.module?.title ?? '',
      level: typeof level === 'number' ? formatCount(level) : String(level ?? ''),
      amount: typeof amount === 'number' ? formatMoney(amount) : '',
      // A report's outcome picks its sentence ('…: the post was removed').
      ...(item.kind === 'report.resolved' && typeof item.data.outcome === 'string' ? { context: item.data.outcome } : {}),
      ...(count === null ? {} : { count, value: formatCount(count) }),
    });
  };
}

interface NotificationItemProps {
  item: Notification;
  /** Opening it marks it read (the caller's mutation) and may close the panel. */
  onOpen: (item: Notification) => void;
}

/** One notification: who (avatar), what (the sentence and a quote), where (community) and when; a link to the exact thing. */
export function NotificationItem({ item, onOpen }: NotificationItemProps) {
  const { t } = useTranslation();
  const sentence = useSentence()(item);
  const target = targetOf(item);
  const quote = item.comment?.excerpt ?? item.post?.excerpt ?? null;
  const kind = KIND_ICONS[item.kind as NotificationKind] ?? { icon: IconBell, color: 'brand' };
  const KindIcon = kind.icon;
  const when = item.event?.startsAt && item.kind === 'event.starting' ? formatDate(item.event.startsAt, 'exact') : null;

  const content = (
    <>
      <span className={classes.avatar} aria-hidden="true">
        {item.actor ? (
          <UserAvatar username={item.actor.username} avatarUrl={item.actor.avatarUrl} radius="xl" size={40} />
        ) : item.community ? (
          <CommunityLogo name={item.community.name} logoUrl={item.community.logoUrl} size={40} plain alt="" />
        ) : (
          <ThemeIcon size={40} radius="xl" variant="light" color={kind.color}>
            <KindIcon size={20} />
          </ThemeIcon>
        )}
        <ThemeIcon className={classes.kind} size={20} radius="xl" color={kind.color}>
          <KindIcon size={11} />
        </ThemeIcon>
      </span>
      <span className={classes.body}>
        {!item.read && <VisuallyHidden>{t('notifications.unread')}, </VisuallyHidden>}
        <Text size="sm" fw={item.read ? 400 : 600} lh={1.35} dir="auto" component="span" display="block">
          {sentence}
        </Text>
        {quote && (
          <Text size="xs" c="dimmed" lineClamp={1} dir="auto" component="span" display="block" mt={4} className={classes.quote}>
            {quote}
          </Text>
        )}
        {when && (
          <Text size="xs" c="dimmed" component="span" display="block" mt={2}>
            {when}
          </Text>
        )}
        <Text size="xs" c="dimmed" component="span" display="block" mt={2}>
          {item.community && (
            <>
              <Text span inherit c="brand.8" fw={500}>
                {item.community.name}
              </Text>
              {' · '}
            </>
          )}
          <RelativeTime date={item.updatedAt} tabIndex={-1} span inherit />
        </Text>
      </span>
      {!item.read && <span className={classes.dot} aria-hidden="true" />}
    </>
  );

  return (
    <li>
      {target ? (
        <Link {...target} className={classes.item} data-unread={!item.read || undefined} onClick={() => onOpen(item)}>
          {content}
        </Link>
      ) : (
        <div className={classes.item} data-unread={!item.read || undefined}>
          {content}
        </div>
      )}
    </li>
  );
}
