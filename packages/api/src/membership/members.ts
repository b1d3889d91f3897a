import { communityMembers, profiles } from '@app/db/schema';
import { membersInput, PENDING_SHOWN_MAX } from '@app/shared/communities';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { pointsIn } from '../levels/service.ts';
import { mayModerate } from '../core/access.ts';
import { memberProcedure } from '../core/trpc.ts';
import { cursorTime, olderThan, pageOf } from '../platform/cursor.ts';

/**
 * A community's approved members, newest first, a page at a time, with their points (for level
 * badges) and roles (the owner's row says 'owner'), for its members. A moderator's, admin's or the owner's first page also holds the newest join requests (at most
 * PENDING_SHOWN_MAX; a handled one makes room for the next) and how many there are in all.
 */
export const members = memberProcedure.input(membersInput).query(async ({ ctx, input }) => {
  // Join answers go with the requests only, which only moderators receive.
  const list = (status: 'approved' | 'pending', limit: number, after?: SQL) =>
    ctx.db
      .select({
        id: communityMembers.id,
        userId: communityMembers.userId,
        username: profiles.username,
        fullName: profiles.fullName,
        avatarUrl: profiles.avatarUrl,
        role: communityMembers.role,
        status: communityMembers.status,
        joinedAt: communityMembers.joinedAt,
        points: pointsIn(communityMembers.communityId, communityMembers.userId),
        cursorAt: cursorTime(communityMembers.joinedAt),
        answers: status === 'pending' ? communityMembers.joinAnswers : sql<null>`null`,
      })
      .from(communityMembers)
      .innerJoin(profiles, eq(profiles.id, communityMembers.userId))
      .where(and(eq(communityMembers.communityId, ctx.community.id), eq(communityMembers.status, status), after))
      .orderBy(desc(communityMembers.joinedAt), desc(communityMembers.id))
      .limit(limit);
  const requests = async () => {
    const [rows, pendingCount] = await Promise.all([
      list('pending', PENDING_SHOWN_MAX),
      ctx.db.$count(communityMembers, and(eq(communityMembers.communityId, ctx.community.id), eq(communityMembers.status, 'pending'))),
    ]);
    return { pending: pageOf(rows, PENDING_SHOWN_MAX).items, pendingCount };
  };
  const after = input.cursor ? olderThan(communityMembers.joinedAt, communityMembers.id, input.cursor) : undefined;
  const firstPageOfModerator = mayModerate(ctx) && !input.cursor;
  const [rows, { pending, pendingCount }] = await Promise.all([
    list('approved', input.limit + 1, after),
    firstPageOfModerator ? requests() : Promise.resolve({ pending: [], pendingCount: 0 }),
  ]);
  const { items: approved, nextCursor } = pageOf(rows, input.limit);
  return { approved, nextCursor, pending, pendingCount };
});
