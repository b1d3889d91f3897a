import { messages } from '@app/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { protectedProcedure } from '../core/trpc.ts';
import { readableBy } from './service.ts';

/** How many messages to the signed-in user are unread, in every community (the top bar's badge), counting only conversations they can still open. */
export const unreadTotal = protectedProcedure.query(async ({ ctx }) => {
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.receiverId, ctx.user.id), isNull(messages.readAt), readableBy(ctx.user.id)));
  return row?.count ?? 0;
});
