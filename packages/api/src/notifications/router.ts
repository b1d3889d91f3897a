import { router } from '../core/trpc.ts';
import { list, unreadCount } from './list.ts';
import { summary } from './summary.ts';
import { markAllRead, markRead, mute, muted, onChange } from './read.ts';

/** The bell: the caller's notifications, their unread count (live), new posts in their communities, reading them, muting a community. */
export const notificationsRouter = router({ list, unreadCount, summary, markRead, markAllRead, muted, mute, onChange });
