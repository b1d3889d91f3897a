/**
 * Roles in a community and what each may do, without zod: the messages, limits and helpers that
 * roles.ts re-exports beside its schemas, for the web app to import without building them
 * (packages/shared/README.md).
 */

/**
 * A person's role in a community, from most to least trusted. The owner is the community's
 * `owner_id` and names admins and moderators; admins name moderators.
 */
export const COMMUNITY_ROLES = ['owner', 'admin', 'moderator', 'member'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];

/** The roles a person can be given (the owner's is not given, it is the community's owner). */
export const ASSIGNABLE_ROLES = ['admin', 'moderator', 'member'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const RANK: Record<CommunityRole, number> = { owner: 3, admin: 2, moderator: 1, member: 0 };

/** Whether `role` is `least` or above it (a null role, not a member, is below everyone). */
export const atLeast = (role: CommunityRole | null | undefined, least: CommunityRole): boolean => !!role && RANK[role] >= RANK[least];

/** Whether `actor` outranks `target`: a moderator acts on members only, an admin on moderators and members. */
export const outranks = (actor: CommunityRole | null | undefined, target: CommunityRole): boolean => !!actor && RANK[actor] > RANK[target];

/**
 * Whether `actor` may give `target` (whose role is `from`) the role `to`: the owner any role but
 * the owner's; an admin makes members moderators and moderators members, nothing about admins.
 */
export function mayAssign(actor: CommunityRole | null | undefined, from: CommunityRole, to: AssignableRole): boolean {
  if (from === 'owner' || from === to) return false;
  if (actor === 'owner') return true;
  return actor === 'admin' && from !== 'admin' && to !== 'admin';
}

/** What the caller may do in a community: sent by the server (membership.status), read by the web's buttons. */
export interface Capabilities {
  /** Approve and decline join requests, remove others' posts and comments, pin, remove members below them. */
  moderate: boolean;
  /** Edit the community, its categories, courses and events. */
  administer: boolean;
  /** Name admins, payments and pricing, delete the community. */
  own: boolean;
  /** Name moderators (admins) and admins (the owner). */
  assignRoles: boolean;
}

export function capabilitiesOf(role: CommunityRole | null | undefined): Capabilities {
  return { moderate: atLeast(role, 'moderator'), administer: atLeast(role, 'admin'), own: role === 'owner', assignRoles: atLeast(role, 'admin') };
}

export const ROLE_MESSAGES = {
  notAllowed: 'You cannot give this person that role.',
  outranked: 'You cannot do that to someone whose role is equal to or above yours.',
  moderatorsOnly: 'Only the moderators, admins and owner of this community can do that.',
  adminsOnly: 'Only the admins and owner of this community can do that.',
  priceOwnerOnly: 'Only the owner of this community can change its price.',
  notMember: 'Roles are for approved members of the community.',
} as const;
