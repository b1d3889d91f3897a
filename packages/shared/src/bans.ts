import { z } from 'zod';
import { communityIdInput, memberActionInput } from './communities.ts';
import { boundedText, cursorTime } from './input.ts';
import { BAN_LIMITS, BAN_MESSAGES } from './plain/bans.ts';
import { COMMUNITY_MESSAGES } from './plain/communities.ts';

/** Community bans (membership.ban, unban, bans): who a moderator keeps out, and why. */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/bans.ts';

/** Banning: the person (a member, an applicant, a past member or anyone by id) and an optional reason. */
export const banInput = memberActionInput.extend({
  reason: boundedText(BAN_LIMITS.reasonMax, BAN_MESSAGES.reasonTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type BanInput = z.infer<typeof banInput>;

/** The community's banned people, newest ban first, a page at a time. */
export const bansInput = communityIdInput.extend({
  limit: z.int({ error: BAN_MESSAGES.pageSize }).min(1, BAN_MESSAGES.pageSize).max(BAN_LIMITS.pageMax, BAN_MESSAGES.pageSize).default(BAN_LIMITS.pageSize),
  cursor: z
    .object({ createdAt: cursorTime(COMMUNITY_MESSAGES.cursor), id: z.uuid({ error: COMMUNITY_MESSAGES.cursor }) }, { error: COMMUNITY_MESSAGES.cursor })
    .nullish(),
});
