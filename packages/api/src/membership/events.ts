import type { CommunityRole } from '@app/shared/roles';
import { communityTopic, type MembershipEnded } from '../core/topics.ts';

/**
 * Membership changes, on the community's topic. Join requests and their closing are the
 * moderators' business: membership.onChange passes them to moderators, admins and the owner only.
 */
export type MembershipEvent =
  | { type: 'member.joined'; userId: string; membersCount: number }
  | MembershipEnded
  | { type: 'request.opened'; userId: string }
  | { type: 'request.closed'; userId: string }
  /** A member was named admin or moderator, made a member again, or given the community (owner): their page reads its capabilities again. */
  | { type: 'role.changed'; userId: string; role: CommunityRole }
  /** Someone was banned or unbanned: moderators' Banned lists read again (passed to moderators only). */
  | { type: 'bans.changed' }
  /** Who is online may have changed (presence.ts): no one's id, pages refetch membership.online. */
  | { type: 'presence.changed' };

/** Membership's view of the community's topic. */
export const membershipTopic = (communityId: string) => communityTopic<MembershipEvent>(communityId);
