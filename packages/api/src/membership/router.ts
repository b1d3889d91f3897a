import type { TRPCRouterRecord } from '@trpc/server';
import { approve } from './approve.ts';
import { decline } from './decline.ts';
import { join } from './join.ts';
import { leave } from './leave.ts';
import { members } from './members.ts';
import { mentionable } from './mentions.ts';
import { onChange } from './onChange.ts';
import { online } from './online.ts';
import { remove } from './remove.ts';
import { setRole } from './setRole.ts';
import { status } from './status.ts';

/** Membership: the caller's status, joining and leaving, the member list, who is online, the moderators' decisions and roles, live. */
export const membershipRouter = {
  status,
  join,
  members,
  mentionable,
  online,
  approve,
  decline,
  remove,
  setRole,
  leave,
  onChange,
} satisfies TRPCRouterRecord;
