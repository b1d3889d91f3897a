import type { TRPCRouterRecord } from '@trpc/server';
import { approve } from './approve.ts';
import { ban } from './ban.ts';
import { bans } from './bans.ts';
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
import { unban } from './unban.ts';

/** Membership: the caller's status, joining and leaving, the member list, who is online, the moderators' decisions (removals and bans) and roles, live. */
export const membershipRouter = {
  status,
  join,
  members,
  mentionable,
  online,
  approve,
  decline,
  remove,
  ban,
  unban,
  bans,
  setRole,
  leave,
  onChange,
} satisfies TRPCRouterRecord;
