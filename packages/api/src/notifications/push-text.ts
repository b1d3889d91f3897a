import type { Language } from '@app/shared/language';
import type { NotificationKind } from '@app/shared/notifications';

/** What a push says is read when it is sent, like the bell's list: names and titles as they are now. */
export interface PushFacts {
  id: string;
  kind: string;
  actorCount: number;
  data: Record<string, string | number>;
  actorName: string | null;
  communityName: string | null;
  eventTitle: string | null;
  courseId: string | null;
  courseTitle: string | null;
  moduleTitle: string | null;
}

type Template = { one: string; many?: string };

/** {actor}, {others} (how many besides), {title}, {level}, {amount}. */
const TEXT: Record<Language, Record<NotificationKind, Template>> = {
  en: {
    'post.liked': { one: '{actor} liked your post', many: '{actor} and {others} others liked your post' },
    'comment.liked': { one: '{actor} liked your comment', many: '{actor} and {others} others liked your comment' },
    'post.commented': { one: '{actor} commented on your post', many: '{actor} and {others} others commented on your post' },
    'comment.replied': { one: '{actor} replied to your comment', many: '{actor} and {others} others replied to your comment' },
    mention: { one: '{actor} mentioned you' },
    'join.requested': { one: '{actor} asked to join', many: '{actor} and {others} others asked to join' },
    'join.approved': { one: 'Your request to join was approved' },
    'join.declined': { one: 'Your request to join was declined' },
    'event.created': { one: 'New event: {title}' },
    'event.starting': { one: 'Starting soon: {title}' },
    'course.published': { one: 'New course: {title}' },
    'module.published': { one: 'New module: {title}' },
    'level.up': { one: 'You reached level {level}' },
    'partner.member': { one: 'You earned a commission of {amount}' },
    'partner.payout': { one: 'A payout of {amount} was sent to you' },
    'export.ready': { one: 'Your data export is ready to download' },
    'report.resolved': { one: 'The moderators looked at your report' },
  },
  ar: {
    'post.liked': { one: 'أعجب {actor} بمنشورك', many: 'أعجب {actor} و{others} آخرون بمنشورك' },
    'comment.liked': { one: 'أعجب {actor} بتعليقك', many: 'أعجب {actor} و{others} آخرون بتعليقك' },
    'post.commented': { one: 'علّق {actor} على منشورك', many: 'علّق {actor} و{others} آخرون على منشورك' },
    'comment.replied': { one: 'ردّ {actor} على تعليقك', many: 'ردّ {actor} و{others} آخرون على تعليقك' },
    mention: { one: 'أشار إليك {actor}' },
    'join.requested': { one: 'طلب {actor} الانضمام', many: 'طلب {actor} و{others} آخرون الانضمام' },
    'join.approved': { one: 'تمت الموافقة على طلب انضمامك' },
    'join.declined': { one: 'تم رفض طلب انضمامك' },
    'event.created': { one: 'فعالية جديدة: {title}' },
    'event.starting': { one: 'تبدأ قريبًا: {title}' },
    'course.published': { one: 'دورة جديدة: {title}' },
    'module.published': { one: 'وحدة جديدة: {title}' },
    'level.up': { one: 'وصلت إلى المستوى {level}' },
    'partner.member': { one: 'ربحت عمولة قدرها {amount}' },
    'partner.payout': { one: 'أُرسلت إليك دفعة قدرها {amount}' },
    'export.ready': { one: 'نسخة بياناتك جاهزة للتنزيل' },
    'report.resolved': { one: 'راجع المشرفون بلاغك' },
  },
};

const APP_NAME = 'Commonroom';
const SOMEONE: Record<Language, string> = { en: 'Someone', ar: 'شخص ما' };
const BODY_MAX = 180;

/** The address a push opens: where the thing it tells of is. */
export function pushUrl(facts: PushFacts): string {
  const community = facts.communityName ? `/community/${encodeURIComponent(facts.communityName)}` : null;
  if (facts.kind.startsWith('partner.')) return '/partner/dashboard';
  if (facts.kind === 'export.ready') return '/settings?section=data';
  if (facts.courseId && (facts.kind === 'course.published' || facts.kind === 'module.published')) return `/course/${facts.courseId}`;
  if (!community) return '/';
  if (facts.kind === 'join.requested') return `${community}?tab=members`;
  if (facts.kind === 'level.up') return `${community}?tab=leaderboard`;
  return community;
}

/** A push's title (the community's name, else the app's) and its one-line text, in the device's language. */
export function pushText(facts: PushFacts, language: Language): { title: string; body: string } {
  const template = TEXT[language][facts.kind as NotificationKind] ?? { one: facts.kind };
  const others = facts.actorCount - 1;
  const amount = Number(facts.data.amountCents ?? 0) / 100;
  const values: Record<string, string> = {
    actor: facts.actorName ?? SOMEONE[language],
    others: new Intl.NumberFormat(language).format(others),
    title: facts.moduleTitle ?? facts.eventTitle ?? facts.courseTitle ?? '',
    level: new Intl.NumberFormat(language).format(Number(facts.data.level ?? 0)),
    amount: new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(amount),
  };
  const text = (others > 0 && template.many) || template.one;
  const body = text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
  return { title: facts.communityName ?? APP_NAME, body: body.length > BODY_MAX ? `${body.slice(0, BODY_MAX - 1)}…` : body };
}
