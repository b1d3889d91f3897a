import type { TRPCRouterRecord } from '@trpc/server';
import { act } from './act.ts';
import { log } from './log.ts';
import { onChange } from './onChange.ts';
import { openCount } from './openCount.ts';
import { queue } from './queue.ts';
import { report } from './report.ts';

/** Moderation: members' reports, the moderators' queue and its actions, the moderation log, live. */
export const moderationRouter = {
  report,
  queue,
  openCount,
  act,
  log,
  onChange,
} satisfies TRPCRouterRecord;
