import type { ChatMessage } from './service.ts';

/** What a conversation's topic carries: ids only, so the event log never holds a message's text. */
export type ConversationEvent =
  | { type: 'message.created' | 'message.updated' | 'message.deleted'; messageId: string }
  | { type: 'message.read'; readerId: string };

/** What chat.onConversation sends: the message read and decrypted for the subscriber. */
export type ChatEvent =
  | { type: 'message.created' | 'message.updated'; message: ChatMessage }
  | { type: 'message.deleted'; messageId: string }
  | { type: 'message.read'; readerId: string };

/** A person's inbox changed (a message to them, messages read): their top bar refetches. */
export type InboxEvent = { type: 'inbox'; communityId: string; fromUserId: string };
