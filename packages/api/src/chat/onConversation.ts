import { messages } from '@app/db/schema';
import { CHAT_MESSAGES, chatSubscriptionInput } from '@app/shared/chat';
import { eq } from 'drizzle-orm';
import { stillAllowedInCommunity } from '../core/recheck.ts';
import { liveSubscription } from '../core/subscription.ts';
import { chatPairProcedure } from '../core/trpc.ts';
import { conversationTopic } from './events.ts';
import { readMessage, withMentions, type ChatMessage } from './service.ts';

/** What chat.onConversation sends: the message read and decrypted for the subscriber. */
export type ChatEvent =
  | { type: 'message.created' | 'message.updated'; message: ChatMessage }
  | { type: 'message.deleted'; messageId: string }
  | { type: 'message.read'; readerId: string };

/**
 * One conversation's messages, edits, deletions and read receipts as they happen, for its two
 * people while both may chat. Events carry only ids (the event log holds no plain text); each
 * message is read and decrypted here.
 */
export const onConversation = chatPairProcedure.input(chatSubscriptionInput).subscription(async function* ({ ctx, input, signal }) {
  const me = ctx.user.id;
  yield* liveSubscription({
    ctx,
    topic: conversationTopic(ctx.community.id, me, input.userId),
    lastEventId: input.lastEventId,
    signal,
    stillAllowed: () => stillAllowedInCommunity(ctx.db, input.communityId, me, 'chat-pair', input.userId),
    map: async (event): Promise<ChatEvent | null> => {
      switch (event.type) {
        case 'message.deleted':
          return { type: 'message.deleted', messageId: event.messageId };
        case 'message.read':
          return event;
        case 'message.created':
        case 'message.updated': {
          const [row] = await ctx.db.select().from(messages).where(eq(messages.id, event.messageId));
          if (!row) return null;
          const [message] = await withMentions(ctx.db, [readMessage(ctx.chatKeys, row)]);
          return { type: event.type, message: message! };
        }
      }
    },
    refusal: CHAT_MESSAGES.notMembers,
  });
});
