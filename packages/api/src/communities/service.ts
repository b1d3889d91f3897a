import type { Db, Queryable } from '@app/db';
import { communities, communityBans, communityMembers, profiles } from '@app/db/schema';
import { isUniqueViolation } from '@app/db';
import { COMMUNITY_MESSAGES, type createCommunityInput, type updateCommunityInput } from '@app/shared/communities';
import { ownUploadKey } from '@app/shared/uploads';
import type { Storage } from '@app/storage';
import { and, desc, eq, exists, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { AppError } from '../core/errors.ts';
import { notForum } from '../partners/forum.ts';
import { pointsIn } from '../levels/service.ts';
import { discardUpload, requireOwnUpload } from '../platform/uploads/service.ts';

type CreateCommunityInput = z.output<typeof createCommunityInput>;
type UpdateCommunityInput = z.output<typeof updateCommunityInput>;

/** What a community card shows (spec section 3, 'Community card'). */
export const cardColumns = {
  id: communities.id,
  name: communities.name,
  logoUrl: communities.logoUrl,
  videoUrl: communities.videoUrl,
  category: communities.category,
  language: communities.language,
  availableSeats: communities.availableSeats,
  membershipAmountCents: communities.membershipAmountCents,
  isPrivate: communities.isPrivate,
  membersCount: communities.membersCount,
  ownerId: communities.ownerId,
  ownerUsername: profiles.username,
  createdAt: communities.createdAt,
};

/** A profile page lists at most this many owned (and joined) communities. */
const OF_PROFILE_MAX = 100;

/** The cards of the communities `userId` owns, newest first. */
export function ownedBy(db: Queryable, userId: string) {
  return db
    .select(cardColumns)
    .from(communities)
    .innerJoin(profiles, eq(profiles.id, communities.ownerId))
    .where(and(eq(communities.ownerId, userId), notForum))
    .orderBy(desc(communities.createdAt), desc(communities.id))
    .limit(OF_PROFILE_MAX);
}

const viewerMembership = alias(communityMembers, 'viewer_membership');

/**
 * Who may see that someone belongs to a community: anyone for a public one; for a private one,
 * whose member list only its members can open, only its members (and the person themselves).
 */
function membershipVisibleTo(db: Queryable, viewerId: string | null): SQL | undefined {
  const coMember = viewerId
    ? exists(
        db
          .select({ one: sql`1` })
          .from(viewerMembership)
          .where(
          and(eq(viewerMembership.communityId, communities.id), eq(viewerMembership.userId, viewerId), eq(viewerMembership.status, 'approved')),
        ),
      )
    : undefined;
  return or(eq(communities.isPrivate, false), coMember);
}

/**
 * The cards of the communities `userId` belongs to (or asked to join) without owning them, latest
 * first; with `viewerId`, only the memberships that viewer may see (a profile seen by someone else).
 */
export function memberOf(db: Queryable, userId: string, status: 'approved' | 'pending', viewer?: { id: string | null }) {
  const visible = viewer && viewer.id !== userId ? membershipVisibleTo(db, viewer.id) : undefined;
  return db
    .select({ ...cardColumns, points: pointsIn(communityMembers.communityId, communityMembers.userId) })
    .from(communityMembers)
    .innerJoin(communities, eq(communities.id, communityMembers.communityId))
    .innerJoin(profiles, eq(profiles.id, communities.ownerId))
    .where(and(eq(communityMembers.userId, userId), eq(communityMembers.status, status), ne(communities.ownerId, userId), visible, notForum))
    .orderBy(desc(communityMembers.joinedAt), desc(communities.id))
    .limit(OF_PROFILE_MAX);
}

/** Everything the community page, the join page and the edit form show (never the owner's e-mail). */
const detailColumns = {
  id: communities.id,
  name: communities.name,
  description: communities.description,
  rules: communities.rules,
  logoUrl: communities.logoUrl,
  videoUrl: communities.videoUrl,
  language: communities.language,
  category: communities.category,
  contactEmail: communities.contactEmail,
  availableSeats: communities.availableSeats,
  membershipAmountCents: communities.membershipAmountCents,
  isPrivate: communities.isPrivate,
  /** Asked of people requesting to join (a private community): public, as the join page shows them. */
  joinQuestions: communities.joinQuestions,
  membersCount: communities.membersCount,
  ownerId: communities.ownerId,
  createdAt: communities.createdAt,
  updatedAt: communities.updatedAt,
  owner: { id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl },
};

export async function communityDetails(db: Queryable, where: SQL) {
  return (await communityDetailsFor(db, where, null)).details;
}

/**
 * The community's details, and whether `userId` (when one is given) is banned from it, in one query:
 * the community page asks on every visit.
 */
export async function communityDetailsFor(db: Queryable, where: SQL, userId: string | null) {
  const banned = userId
    ? sql<boolean>`exists(select 1 from ${communityBans} where ${communityBans.communityId} = ${communities.id} and ${communityBans.userId} = ${userId})`
    : sql<boolean>`false`;
  const [row] = await db
    .select({ ...detailColumns, banned })
    .from(communities)
    .innerJoin(profiles, eq(profiles.id, communities.ownerId))
    .where(where);
  if (!row) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.notFound);
  const { banned: isBanned, ...details } = row;
  return { details, banned: isBanned };
}

export const LOGO_BUCKET = 'community-logos';

/**
 * Refuses (BAD_REQUEST 'Logo upload failed') a logo that is not an upload of `userId`; call it in
 * the transaction that saves the logo (see requireOwnUpload).
 */
export async function requireOwnLogo(tx: Queryable, url: string, userId: string): Promise<void> {
  await requireOwnUpload(tx, LOGO_BUCKET, ownUploadKey(url, LOGO_BUCKET, userId), userId, COMMUNITY_MESSAGES.logoInvalid);
}

/** Removes an uploaded logo that is no longer used (kept if another community shows it); a failure only leaves a stray file behind. */
export async function discardLogo(db: Db, storage: Storage, url: string | null, userId: string): Promise<void> {
  const key = url ? ownUploadKey(url, LOGO_BUCKET, userId) : null;
  if (key) await discardUpload(db, storage, LOGO_BUCKET, key);
}

/** The columns the create wizard and the edit form both set. */
export function editableFields(input: CreateCommunityInput | UpdateCommunityInput) {
  const { name, logoUrl, category, language, contactEmail, availableSeats, description, videoUrl, rules } = input;
  return { name, logoUrl, category, language, contactEmail, availableSeats, description, videoUrl, rules };
}

/** A name another community has (case-insensitively) becomes the spec's message; anything else goes on. */
export function rethrowNameTaken(error: unknown, name: string): never {
  if (isUniqueViolation(error, 'communities_name_lower_idx')) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.nameTaken(name), { cause: error });
  throw error;
}

/** The community a page address names: by name, case-insensitively (names are unique that way), never the partners' forum. */
export function namedCommunity(name: string): SQL {
  return and(sql`lower(${communities.name}) = lower(${name})`, notForum)!;
}
