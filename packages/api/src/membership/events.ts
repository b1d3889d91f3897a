import { communityTopic, type MembershipEnded } from '../core/topics.ts';

/**
 * Membership changes, on the community's topic. Join requests and their closing are the owner's
 * business: membership.onChange passes them to the owner only.
 */
export type MembershipEvent =
  | { type: 'member.joined'; userId: string; membersCount: number }
  | MembershipEnded
  | { type: 'request.opened'; userId: string }
  | { type: 'request.closed'; userId: string }
  /** Who is online may have changed (presence.ts): no one's id, pages refetch membership.online. */
  | { type: 'presence.changed' };

/** Membership's view of the community's topic. */
export const membershipTopic = (communityId: string) => communityTopic<MembershipEvent>(communityId);
