import type { NotificationKind } from '@app/shared/plain/notifications';
import { linkOptions } from '@tanstack/react-router';
import type { Notification } from './types.ts';

/**
 * The catalog key of each kind's sentence (under notifications.text). A kind that groups has a
 * second key, `<key>Group`, with plural forms: by how many others there are besides the latest
 * person ('Ana and 3 others liked your post'), or by how many in all ('3 new paying members').
 */
export const SENTENCES: Record<NotificationKind, { key: string; groups: false | 'others' | 'all' }> = {
  'post.liked': { key: 'postLiked', groups: 'others' },
  'comment.liked': { key: 'commentLiked', groups: 'others' },
  'post.commented': { key: 'postCommented', groups: 'others' },
  'comment.replied': { key: 'commentReplied', groups: 'others' },
  mention: { key: 'mention', groups: false },
  'join.requested': { key: 'joinRequested', groups: 'others' },
  'join.approved': { key: 'joinApproved', groups: false },
  'join.declined': { key: 'joinDeclined', groups: false },
  'event.created': { key: 'eventCreated', groups: false },
  'event.starting': { key: 'eventStarting', groups: false },
  'course.published': { key: 'coursePublished', groups: false },
  'module.published': { key: 'modulePublished', groups: false },
  'level.up': { key: 'levelUp', groups: false },
  'partner.member': { key: 'partnerMember', groups: 'all' },
  'partner.payout': { key: 'partnerPayout', groups: false },
  'export.ready': { key: 'exportReady', groups: false },
  'report.resolved': { key: 'reportResolved', groups: false },
};

/** The key of a notification's sentence and, for a group of more than one, the count its plural forms go by. */
export function sentenceOf(item: Pick<Notification, 'kind' | 'actorCount'>): { key: string; count: number | null } {
  const sentence = SENTENCES[item.kind as NotificationKind] ?? { key: 'unknown', groups: false };
  const count = sentence.groups === 'others' ? item.actorCount - 1 : sentence.groups === 'all' ? item.actorCount : 0;
  if (item.actorCount < 2 || count < 1) return { key: `notifications.text.${sentence.key}`, count: null };
  return { key: `notifications.text.${sentence.key}Group`, count };
}

type Target = Pick<Notification, 'kind' | 'community' | 'post' | 'comment' | 'event' | 'course' | 'module'>;

/** Where a notification leads: the exact post, comment, event, course, module, tab or dashboard. */
export function targetOf(item: Target) {
  const community = item.community?.name;
  const inCommunity = (search: { tab?: 'invites' | 'leaderboard'; post?: string; comment?: string; event?: string } = {}) =>
    community ? linkOptions({ to: '/community/$communityName', params: { communityName: community }, search }) : null;
  switch (item.kind) {
    case 'post.liked':
    case 'post.commented':
    case 'comment.liked':
    case 'comment.replied':
    case 'mention':
      return item.post?.id ? inCommunity({ post: item.post.id, comment: item.comment?.id ?? undefined }) : inCommunity();
    case 'join.requested':
      return inCommunity({ tab: 'invites' });
    case 'event.created':
    case 'event.starting':
      return inCommunity(item.event?.id ? { event: item.event.id } : {});
    case 'course.published':
    case 'module.published':
      return item.course?.id ? linkOptions({ to: '/course/$courseId', params: { courseId: item.course.id }, search: { module: item.module?.id ?? undefined } }) : inCommunity();
    case 'level.up':
      return inCommunity({ tab: 'leaderboard' });
    case 'partner.member':
    case 'partner.payout':
      return linkOptions({ to: '/partner/dashboard' });
    case 'export.ready':
      return linkOptions({ to: '/settings', search: { section: 'data' } });
    default:
      return inCommunity();
  }
}

export type NotificationTarget = NonNullable<ReturnType<typeof targetOf>>;
