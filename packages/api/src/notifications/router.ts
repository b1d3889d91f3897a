import { router } from '../core/trpc.ts';
import { list, unreadCount } from './list.ts';
import { pushKey, pushSubscribe, pushUnsubscribe } from './push.ts';
import { markAllRead, markRead, mute, muted, onChange } from './read.ts';
import { summary } from './summary.ts';

/**
 * The bell: the caller's notifications, their unread count (live), new posts in their communities,
 * reading them, muting a community; and the devices their pushes go to.
 */
export const notificationsRouter = router({ list, unreadCount, summary, markRead, markAllRead, muted, mute, onChange, pushKey, pushSubscribe, pushUnsubscribe });
