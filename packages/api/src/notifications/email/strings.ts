import type { Language } from '@app/shared/language';
import type { ActivityItem } from './model.ts';

/** The e-mails' words in each interface language; whole sentences, never glued fragments. */
export interface EmailStrings {
  dir: 'ltr' | 'rtl';
  platform: string;
  activitySubject(count: number): string;
  activityHeading: string;
  item(item: ActivityItem): string;
  open: string;
  digestSubject(period: 'daily' | 'weekly'): string;
  digestHeading(period: 'daily' | 'weekly'): string;
  digestLine(likes: number, comments: number, author: string, community: string): string;
  reminderSubject(event: string): string;
  reminderBody(event: string, when: string, community: string): string;
  viewEvent: string;
  approvedSubject(community: string): string;
  approvedBody(community: string): string;
  declinedSubject(community: string): string;
  declinedBody(community: string): string;
  welcomeSubject(community: string): string;
  welcomeBody(community: string): string;
  visit: string;
  exportSubject: string;
  exportBody(expires: string): string;
  download: string;
  inviteSubject(inviter: string, community: string): string;
  inviteBody(inviter: string, community: string): string;
  acceptInvite: string;
  /** The footer of an invitation, which has no unsubscribe link (it is sent once, by a person). */
  inviteFooter: string;
  footer: string;
  unsubscribe: string;
  settings: string;
}

const en: EmailStrings = {
  dir: 'ltr',
  platform: 'Commonroom',
  activitySubject: (count) => (count === 1 ? 'You have 1 new notification' : `You have ${count} new notifications`),
  activityHeading: 'While you were away',
  item: ({ type, actor, count, community, title }) => {
    const others = count > 1 ? ` and ${count - 1} ${count === 2 ? 'other' : 'others'}` : '';
    switch (type) {
      case 'mention':
        return `${actor} mentioned you in ${title ? `"${title}"` : 'a post'} in ${community}`;
      case 'comment.replied':
        return `${actor}${others} replied to your comment in ${community}`;
      case 'post.commented':
        return `${actor}${others} commented on ${title ? `"${title}"` : 'your post'} in ${community}`;
      case 'messages':
        return count === 1 ? `You have 1 new message from ${actor} in ${community}` : `You have ${count} new messages from ${actor} in ${community}`;
    }
  },
  open: 'Open',
  digestSubject: (period) => (period === 'daily' ? "Today's most active posts in your communities" : "This week's most active posts in your communities"),
  digestHeading: (period) => (period === 'daily' ? 'The most active posts of the day' : 'The most active posts of the week'),
  digestLine: (likes, comments, author, community) => `${author} in ${community} · ${likes} likes · ${comments} comments`,
  reminderSubject: (event) => `Starting soon: ${event}`,
  reminderBody: (event, when, community) => `${event} in ${community} starts ${when}.`,
  viewEvent: 'View the event',
  approvedSubject: (community) => `Welcome to ${community}: your request was approved`,
  approvedBody: (community) => `Your request to join ${community} was approved. Welcome in!`,
  declinedSubject: (community) => `Your request to join ${community}`,
  declinedBody: (community) => `Your request to join ${community} was not approved.`,
  welcomeSubject: (community) => `Welcome to ${community}`,
  welcomeBody: (community) => `You are now a member of ${community}. Say hello in the feed and see what is coming up.`,
  visit: 'Visit the community',
  exportSubject: 'Your data export is ready',
  exportBody: (expires) => `The export of your data you asked for is ready. Download it while signed in, before ${expires}; then it is deleted.`,
  download: 'Download your data',
  inviteSubject: (inviter, community) => `${inviter} invited you to join ${community}`,
  inviteBody: (inviter, community) => `${inviter} invited you to join ${community} on Commonroom. Open the invitation to sign in and join; it works once and expires in 30 days.`,
  acceptInvite: 'Accept the invitation',
  inviteFooter: 'You receive this e-mail because a member of this community invited this address. If you do not know them, ignore it: nothing happens unless you open the link.',
  footer: 'You receive this e-mail because of your notification settings.',
  unsubscribe: 'Unsubscribe from these e-mails',
  settings: 'Notification settings',
};

const ar: EmailStrings = {
  dir: 'rtl',
  platform: 'Commonroom',
  activitySubject: (count) => (count === 1 ? 'لديك إشعار جديد واحد' : `لديك ${count} إشعارات جديدة`),
  activityHeading: 'أثناء غيابك',
  item: ({ type, actor, count, community, title }) => {
    const others = count > 1 ? ` و${count - 1} آخرون` : '';
    switch (type) {
      case 'mention':
        return `ذكرك ${actor} في ${title ? `«${title}»` : 'منشور'} في ${community}`;
      case 'comment.replied':
        return `ردّ ${actor}${others} على تعليقك في ${community}`;
      case 'post.commented':
        return `علّق ${actor}${others} على ${title ? `«${title}»` : 'منشورك'} في ${community}`;
      case 'messages':
        return count === 1 ? `لديك رسالة جديدة من ${actor} في ${community}` : `لديك ${count} رسائل جديدة من ${actor} في ${community}`;
    }
  },
  open: 'فتح',
  digestSubject: (period) => (period === 'daily' ? 'أنشط المنشورات اليوم في مجتمعاتك' : 'أنشط المنشورات هذا الأسبوع في مجتمعاتك'),
  digestHeading: (period) => (period === 'daily' ? 'أنشط منشورات اليوم' : 'أنشط منشورات الأسبوع'),
  digestLine: (likes, comments, author, community) => `${author} في ${community} · ${likes} إعجاب · ${comments} تعليق`,
  reminderSubject: (event) => `يبدأ قريبًا: ${event}`,
  reminderBody: (event, when, community) => `يبدأ ${event} في ${community} ${when}.`,
  viewEvent: 'عرض الفعالية',
  approvedSubject: (community) => `مرحبًا بك في ${community}: تمت الموافقة على طلبك`,
  approvedBody: (community) => `تمت الموافقة على طلب انضمامك إلى ${community}. أهلًا بك!`,
  declinedSubject: (community) => `طلب انضمامك إلى ${community}`,
  declinedBody: (community) => `لم تتم الموافقة على طلب انضمامك إلى ${community}.`,
  welcomeSubject: (community) => `مرحبًا بك في ${community}`,
  welcomeBody: (community) => `أصبحت عضوًا في ${community}. ألقِ التحية في المنشورات واطّلع على ما هو قادم.`,
  visit: 'زيارة المجتمع',
  exportSubject: 'نسخة بياناتك جاهزة',
  exportBody: (expires) => `نسخة بياناتك التي طلبتها جاهزة. نزّلها وأنت مسجّل الدخول قبل ${expires}، ثم تُحذف.`,
  download: 'تنزيل بياناتك',
  inviteSubject: (inviter, community) => `دعاك ${inviter} للانضمام إلى ${community}`,
  inviteBody: (inviter, community) => `دعاك ${inviter} للانضمام إلى ${community} على Commonroom. افتح الدعوة لتسجيل الدخول والانضمام؛ تعمل مرة واحدة وتنتهي بعد 30 يومًا.`,
  acceptInvite: 'قبول الدعوة',
  inviteFooter: 'تصلك هذه الرسالة لأن أحد أعضاء هذا المجتمع دعا هذا العنوان. إن كنت لا تعرفه فتجاهلها: لن يحدث شيء ما لم تفتح الرابط.',
  footer: 'تصلك هذه الرسالة بسبب إعدادات الإشعارات لديك.',
  unsubscribe: 'إلغاء الاشتراك في هذه الرسائل',
  settings: 'إعدادات الإشعارات',
};

export const EMAIL_STRINGS: Record<Language, EmailStrings> = { en, ar };

/** A day in the reader's language ('4 December 2026'), in UTC. */
export function formatDay(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/** An event's start in the reader's language ('on Friday, 4 December at 18:00'), in UTC. */
export function formatWhen(iso: string, language: Language): string {
  const when = new Intl.DateTimeFormat(language === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));
  return language === 'ar' ? `في ${when} (UTC)` : `on ${when} (UTC)`;
}
