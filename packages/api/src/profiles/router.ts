import type { TRPCRouterRecord } from '@trpc/server';
import { byUsername } from './byUsername.ts';
import { me } from './me.ts';
import { notifications, updateNotifications } from './notifications.ts';
import { count, list } from './people.ts';
import { hidePresence } from './presence.ts';
import { update } from './update.ts';

/** Profiles: one file per procedure (or per small group of them). */
export const profilesRouter = {
  me,
  byUsername,
  update,
  notifications,
  updateNotifications,
  hidePresence,
  list,
  count,
} satisfies TRPCRouterRecord;
