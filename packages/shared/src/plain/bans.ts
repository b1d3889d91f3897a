import { atLeast, type CommunityRole } from './roles.ts';

/**
 * Community bans, without zod: the messages, limits and helpers that bans.ts re-exports beside its
 * schemas, for the web app to import without building them (packages/shared/README.md).
 */

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
