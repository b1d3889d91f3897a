import { CHAT_MESSAGES, chatSubscriptionInput } from '@app/shared/chat';
import { z } from 'zod';
import type { LiveEvent } from '../../live/bus.ts';
import { topics } from '../../live/publish.ts';
import { liveSubscription } from '../../live/subscription.ts';
import { protectedProcedure } from '../../trpc.ts';
import { isChatPair, requireChatPair } from './access.ts';
import { readMessage, type ChatMessage } from './messages.ts';
import { messages } from '@app/db/schema';
import { eq } from 'drizzle-orm';

export type ChatEvent =
  | { type: 'message.created' | 'message.updated'; message: ChatMessage }
  | { type: 'message.deleted'; messageId: string }
  | { type: 'message.read'; readerId: string };

/**
 * One conversation's messages, edits, deletions and read receipts as they happen, for its two
 * people while both may chat. Events carry only ids (the event log holds no plain text); each
 * message is read and decrypted here.
 */
export const onConversation = protectedProcedure.input(chatSubscriptionInput).subscription(async function* ({ ctx, input, signal }) {
  const me = ctx.user.id;
  const community = await requireChatPair(ctx.db, input.communityId, me, input.userId);
  yield* liveSubscription<ChatEvent>({
    ctx,
    topic: topics.conversation(community.id, me, input.userId),
    lastEventId: input.lastEventId,
    signal,
    stillAllowed: () => isChatPair(ctx.db, community.id, me, input.userId),
    map: async (event: LiveEvent) => {
      const payload = event.payload as { messageId?: string; readerId?: string };
      if (event.type === 'message.deleted') return { type: 'message.deleted', messageId: payload.messageId! };
      if (event.type === 'message.read') return { type: 'message.read', readerId: payload.readerId! };
      if (event.type !== 'message.created' && event.type !== 'message.updated') return null;
      const [row] = await ctx.db.select().from(messages).where(eq(messages.id, payload.messageId!));
      return row ? { type: event.type, message: readMessage(ctx.chatKeys, row) } : null;
    },
    refusal: CHAT_MESSAGES.notMembers,
  });
});

/** A ping whenever the caller's conversations change (a message to them, messages read): the top bar refetches. */
export const onInbox = protectedProcedure.input(z.object({ lastEventId: z.string().regex(/^\d{1,18}$/).nullish() }).default({})).subscription(async function* ({ ctx, input, signal }) {
  yield* liveSubscription({
    ctx,
    topic: topics.user(ctx.user.id),
    lastEventId: input.lastEventId,
    signal,
    stillAllowed: async () => true,
    map: (event) => (event.type === 'inbox' ? (event.payload as { communityId: string; fromUserId: string }) : null),
    refusal: CHAT_MESSAGES.notMembers,
  });
});
