import type { Queryable } from '@app/db';
import { communities, messages, profiles } from '@app/db/schema';
import { conversationsInput, listMessagesInput } from '@app/shared/chat';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChatKeyring } from '../../chat/crypto.ts';
import { cursorTime, olderThan, pageOf } from '../../lib/cursor.ts';
import { requireMember } from '../../membership/access.ts';
import { protectedProcedure } from '../../trpc.ts';
import { requireChatPair } from './access.ts';
import { conversationOf, readMessage } from './messages.ts';

/** A conversation page, newest first (the chat view shows it bottom-up and loads older ones on scroll). */
export async function messagePage(db: Queryable, keys: ChatKeyring, me: string, input: z.output<typeof listMessagesInput>) {
  await requireChatPair(db, input.communityId, me, input.userId);
  const rows = await db
    .select({ row: messages, cursorAt: cursorTime(messages.createdAt) })
    .from(messages)
    .where(and(conversationOf(input.communityId, me, input.userId), input.cursor ? olderThan(messages.createdAt, messages.id, input.cursor) : undefined))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(input.limit + 1);
  const page = pageOf(
    rows.map(({ row, cursorAt }) => ({ id: row.id, cursorAt, row })),
    input.limit,
  );
  return { items: page.items.map(({ row }) => readMessage(keys, row)), nextCursor: page.nextCursor };
}

export const list = protectedProcedure.input(listMessagesInput).query(({ ctx, input }) => messagePage(ctx.db, ctx.chatKeys, ctx.user.id, input));

const otherParty = (me: string) => sql<string>`case when ${messages.senderId} = ${me}::uuid then ${messages.receiverId} else ${messages.senderId} end`;

/**
 * The signed-in user's conversations, latest first: the other person, the last message (decrypted)
 * and how many of theirs are unread. In one community, or across all (the top bar's dropdown).
 */
async function conversationList(db: Queryable, keys: ChatKeyring, me: string, communityId: string | null, limit: number) {
  const inScope = communityId ? eq(messages.communityId, communityId) : undefined;
  const other = otherParty(me);
  // The last message of each conversation (community and other person)…
  // (The pair, as least and greatest id, names a conversation without a parameter in the expression.)
  const low = sql`least(${messages.senderId}, ${messages.receiverId})`;
  const high = sql`greatest(${messages.senderId}, ${messages.receiverId})`;
  const latest = db
    .selectDistinctOn([messages.communityId, low, high], { id: messages.id })
    .from(messages)
    .where(and(or(eq(messages.senderId, me), eq(messages.receiverId, me)), inScope))
    .orderBy(messages.communityId, low, high, desc(messages.createdAt), desc(messages.id));
  // …with the other person and the community, latest conversations first…
  const rows = await db
    .select({
      row: messages,
      other: { id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl },
      community: { id: communities.id, name: communities.name },
    })
    .from(messages)
    .innerJoin(profiles, eq(profiles.id, other))
    .innerJoin(communities, eq(communities.id, messages.communityId))
    .where(inArray(messages.id, latest))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  // …and how many of the other person's messages are unread.
  const unread = await db
    .select({ communityId: messages.communityId, senderId: messages.senderId, count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.receiverId, me), isNull(messages.readAt), inScope))
    .groupBy(messages.communityId, messages.senderId);
  const unreadOf = new Map(unread.map((u) => [`${u.communityId}:${u.senderId}`, u.count]));
  return rows.map(({ row, other: person, community }) => ({
    other: person,
    community,
    unreadCount: unreadOf.get(`${community.id}:${person.id}`) ?? 0,
    lastMessage: readMessage(keys, row),
  }));
}

export const conversations = protectedProcedure.input(conversationsInput).query(async ({ ctx, input }) => {
  await requireMember(ctx.db, input.communityId, ctx.user.id);
  return conversationList(ctx.db, ctx.chatKeys, ctx.user.id, input.communityId, 200);
});

/** The top bar's dropdown: the latest conversations in every community. */
export const recent = protectedProcedure.query(({ ctx }) => conversationList(ctx.db, ctx.chatKeys, ctx.user.id, null, 8));

/** How many messages to the signed-in user are unread, in every community (the top bar's badge). */
export const unreadTotal = protectedProcedure.query(async ({ ctx }) => {
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.receiverId, ctx.user.id), isNull(messages.readAt)));
  return row?.count ?? 0;
});
