import { messages } from '@app/db/schema';
import { CHAT_MESSAGES, chatSubscriptionInput } from '@app/shared/chat';
import { eq } from 'drizzle-orm';
import { stillAllowed } from '../access.ts';
import { liveSubscription } from '../live/subscription.ts';
import { topics } from '../live/topics.ts';
import { chatPairProcedure } from '../trpc.ts';
import type { ChatEvent } from './events.ts';
import { readMessage } from './service.ts';

/**
 * One conversation's messages, edits, deletions and read receipts as they happen, for its two
 * people while both may chat. Events carry only ids (the event log holds no plain text); each
 * message is read and decrypted here.
 */
export const onConversation = chatPairProcedure.input(chatSubscriptionInput).subscription(async function* ({ ctx, input, signal }) {
  const me = ctx.user.id;
  yield* liveSubscription({
    ctx,
    topic: topics.conversation(ctx.community.id, me, input.userId),
    lastEventId: input.lastEventId,
    signal,
    stillAllowed: () => stillAllowed(ctx.db, input, me, 'chat-pair'),
    map: async (event): Promise<ChatEvent | null> => {
      switch (event.type) {
        case 'message.deleted':
          return { type: 'message.deleted', messageId: event.messageId };
        case 'message.read':
          return event;
        case 'message.created':
        case 'message.updated': {
          const [row] = await ctx.db.select().from(messages).where(eq(messages.id, event.messageId));
          return row ? { type: event.type, message: readMessage(ctx.chatKeys, row) } : null;
        }
      }
    },
    refusal: CHAT_MESSAGES.notMembers,
  });
});
