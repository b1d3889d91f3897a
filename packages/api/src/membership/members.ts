import { communityMembers, profiles } from '@app/db/schema';
import { communityIdInput } from '@app/shared/communities';
import { and, desc, eq } from 'drizzle-orm';
import { pointsIn } from '../levels/service.ts';
import { memberProcedure } from '../core/trpc.ts';

/** A community's approved members, newest first, with their points (for level badges), for its members; the owner also gets the pending requests. */
export const members = memberProcedure.input(communityIdInput).query(async ({ ctx }) => {
  const list = (status: 'approved' | 'pending') =>
    ctx.db
      .select({
        userId: communityMembers.userId,
        username: profiles.username,
        fullName: profiles.fullName,
        avatarUrl: profiles.avatarUrl,
        role: communityMembers.role,
        status: communityMembers.status,
        joinedAt: communityMembers.joinedAt,
        points: pointsIn(communityMembers.communityId, communityMembers.userId),
      })
      .from(communityMembers)
      .innerJoin(profiles, eq(profiles.id, communityMembers.userId))
      .where(and(eq(communityMembers.communityId, ctx.community.id), eq(communityMembers.status, status)))
      .orderBy(desc(communityMembers.joinedAt), desc(communityMembers.id));
  const isOwner = ctx.membership?.role === 'owner';
  const [approved, pending] = await Promise.all([list('approved'), isOwner ? list('pending') : Promise.resolve([])]);
  return { approved, pending };
});
