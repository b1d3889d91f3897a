import type { Language } from '@app/shared/language';

/** Which settings switch an e-mail is under, and so what its unsubscribe link turns off. */
export type EmailSwitch = 'social' | 'communication' | 'digest' | 'marketing';

/** A line of the activity e-mail: something unseen that happened (or unread messages from someone). */
export interface ActivityItem {
  type: 'mention' | 'comment.replied' | 'post.commented' | 'messages';
  /** Who did it (the latest of a group). */
  actor: string;
  /** How many people (a group) or messages. */
  count: number;
  community: string;
  /** The post's title, where there is one. */
  title: string | null;
  link: string;
}

export interface DigestPost {
  title: string;
  community: string;
  author: string;
  likes: number;
  comments: number;
  link: string;
}

/** What an e-mail says, decided by the scans and rendered by the sender: plain facts, no markup. */
export type EmailContent =
  | { kind: 'activity'; items: ActivityItem[]; notificationIds: string[]; messageIds: string[] }
  | { kind: 'digest'; period: 'daily' | 'weekly'; posts: DigestPost[] }
  | { kind: 'reminder'; event: string; startsAt: string; link: string; notificationId: string }
  | { kind: 'decision'; approved: boolean; link: string; notificationId: string }
  | { kind: 'welcome'; link: string }
  /** A data export the person asked for is ready: its download link, and until when (ISO). */
  | { kind: 'export'; link: string; expiresAt: string }
  /** An invitation from the community's owner or an admin (invitations domain): `path` is the invite link's, on this site. */
  | { kind: 'invite'; inviter: string; path: string };

/** One e-mail job's payload: to whom, in which language, from which community, about what. */
export interface EmailJob {
  /** null: an address without an account (an invitation), whose e-mail has no unsubscribe link. */
  userId: string | null;
  to: string;
  language: Language;
  /** The community it comes from (name and logo in the header); null: from the platform. */
  community: { name: string; logoUrl: string | null } | null;
  content: EmailContent;
  /** What the unsubscribe link turns off; null: under no switch (an invitation, sent once at a person's request). */
  unsubscribe: EmailSwitch | null;
}

/** The switch each e-mail is under (docs/email.md): security e-mails would be under none. */
export function switchOf(content: EmailContent): EmailSwitch | null {
  switch (content.kind) {
    case 'invite':
      return null;
    case 'activity':
      return 'social';
    case 'digest':
      return 'digest';
    default:
      return 'communication';
  }
}
