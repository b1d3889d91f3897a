import type { Queryable } from '@app/db';
import { communities, communityMembers } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/community';
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';

export type CommunityRow = typeof communities.$inferSelect;
export interface Membership {
  role: 'owner' | 'member';
  status: 'pending' | 'approved';
}

/** The community, or NOT_FOUND 'Community not found.'. */
export async function loadCommunity(db: Queryable, communityId: string): Promise<CommunityRow> {
  const [community] = await db.select().from(communities).where(eq(communities.id, communityId));
  if (!community) throw new TRPCError({ code: 'NOT_FOUND', message: COMMUNITY_MESSAGES.notFound });
  return community;
}

export async function membershipOf(db: Queryable, communityId: string, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ role: communityMembers.role, status: communityMembers.status })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
  return row ?? null;
}

/** The community when `userId` owns it; FORBIDDEN with `message` otherwise (NOT_FOUND when there is none). */
export async function requireOwner(db: Queryable, communityId: string, userId: string, message: string = COMMUNITY_MESSAGES.ownerOnly) {
  const community = await loadCommunity(db, communityId);
  if (community.ownerId !== userId) throw new TRPCError({ code: 'FORBIDDEN', message });
  return community;
}

/** The community when `userId` is its owner or an approved member; FORBIDDEN otherwise. */
export async function requireMember(db: Queryable, communityId: string, userId: string) {
  const community = await loadCommunity(db, communityId);
  if (community.ownerId === userId) return { community, membership: { role: 'owner', status: 'approved' } as Membership };
  const membership = await membershipOf(db, communityId, userId);
  if (membership?.status !== 'approved') throw new TRPCError({ code: 'FORBIDDEN', message: COMMUNITY_MESSAGES.membersOnly });
  return { community, membership };
}
