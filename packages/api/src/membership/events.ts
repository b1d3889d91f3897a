/**
 * Membership changes, on the community's topic. Join requests and their closing are the owner's
 * business: membership.onChange passes them to the owner only.
 */
export type MembershipEvent =
  | { type: 'member.joined'; userId: string; membersCount: number }
  | { type: 'membership.ended'; userId: string; membersCount: number }
  | { type: 'request.opened'; userId: string }
  | { type: 'request.closed'; userId: string };

