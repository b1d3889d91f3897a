import { z } from 'zod';
import { communityIdInput, COMMUNITY_MESSAGES, memberActionInput } from './communities.ts';
import { boundedText, cursorTime } from './input.ts';
import { atLeast, type CommunityRole } from './roles.ts';

/** Community bans (membership.ban, unban, bans): who a moderator keeps out, and why. */

export const BAN_LIMITS = {
  reasonMax: 500,
  pageSize: 50,
  pageMax: 100,
} as const;

export const BAN_MESSAGES = {
  reasonTooLong: `A reason must be at most ${BAN_LIMITS.reasonMax} characters.`,
  alreadyBanned: 'This person is already banned from this community.',
  notBanned: 'This person is not banned from this community.',
  ownerCannotBeBanned: 'The owner cannot be banned from the community.',
  noSuchPerson: 'There is no such person.',
  placedAbove: 'Someone above you placed this ban: only they, or someone of their rank or above, can lift it.',
  pageSize: `Page size must be between 1 and ${BAN_LIMITS.pageMax}.`,
} as const;

/**
 * Who may lift a ban: whoever placed it, or anyone whose role is at least the placer's now (a
 * moderator cannot undo an admin's or the owner's ban). A placer who no longer holds a role in
 * the community (left, removed, account gone) leaves it to any moderator.
 */
export function mayLiftBan(caller: { id: string; role: CommunityRole | null }, placer: { id: string | null; role: CommunityRole | null }): boolean {
  if (!atLeast(caller.role, 'moderator')) return false;
  if (placer.id === null || placer.id === caller.id || placer.role === null) return true;
  return atLeast(caller.role, placer.role);
}

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
