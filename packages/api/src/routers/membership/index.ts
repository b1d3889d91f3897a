import type { TRPCRouterRecord } from '@trpc/server';
import { join } from './join.ts';
import { approve, decline, leave, remove } from './manage.ts';
import { members } from './members.ts';
import { status } from './status.ts';

/** Membership: the caller's status, joining and leaving, the member list and the owner's decisions. */
export const membershipRouter = {
  status,
  join,
  members,
  approve,
  decline,
  remove,
  leave,
} satisfies TRPCRouterRecord;
