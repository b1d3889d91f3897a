import type { Queryable } from '@app/db';
import { communityMembers } from '@app/db/schema';
import { CHAT_MESSAGES } from '@app/shared/chat';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray } from 'drizzle-orm';
import { loadCommunity } from '../../membership/access.ts';

/** Two people may chat only while both belong to the community (approved, or its owner). */
export async function requireChatPair(db: Queryable, communityId: string, me: string, other: string) {
  if (me === other) throw new TRPCError({ code: 'BAD_REQUEST', message: CHAT_MESSAGES.self });
  const community = await loadCommunity(db, communityId);
  const approved = await db
    .select({ userId: communityMembers.userId })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.status, 'approved'), inArray(communityMembers.userId, [me, other])));
  const inside = new Set([...approved.map((row) => row.userId), community.ownerId]);
  if (!inside.has(me) || !inside.has(other)) throw new TRPCError({ code: 'FORBIDDEN', message: CHAT_MESSAGES.notMembers });
  return community;
}

export async function isChatPair(db: Queryable, communityId: string, me: string, other: string): Promise<boolean> {
  return requireChatPair(db, communityId, me, other).then(
    () => true,
    () => false,
  );
}
