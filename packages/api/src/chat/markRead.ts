import { messages } from '@app/db/schema';
import { conversationInput } from '@app/shared/chat';
import { and, eq, isNull } from 'drizzle-orm';
import { publish } from '../platform/live/publish.ts';
import { chatPairProcedure } from '../core/trpc.ts';
import { conversationTopic, inboxTopic } from './events.ts';

/** Marks the other person's messages to the caller as read. */
export const markRead = chatPairProcedure.input(conversationInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const me = ctx.user.id;
    const communityId = ctx.community.id;
    const read = await tx
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(eq(messages.communityId, communityId), eq(messages.senderId, input.userId), eq(messages.receiverId, me), isNull(messages.readAt)))
      .returning({ id: messages.id });
    if (read.length > 0) {
      await publish(tx, conversationTopic(communityId, me, input.userId), { type: 'message.read', readerId: me });
      await publish(tx, inboxTopic(me), { type: 'inbox', communityId, fromUserId: input.userId });
    }
    return { read: read.length };
  }),
);
