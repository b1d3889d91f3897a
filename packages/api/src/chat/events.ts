import { personTopic } from '../core/topics.ts';
import { topic } from '../platform/live/topic.ts';

/** What a conversation's topic carries: ids only, so the event log never holds a message's text. */
export type ConversationEvent =
  | { type: 'message.created' | 'message.updated' | 'message.deleted'; messageId: string }
  | { type: 'message.read'; readerId: string };

/** A person's inbox changed (a message to them, messages read): their top bar refetches. */
export type InboxEvent = { type: 'inbox'; communityId: string; fromUserId: string };

/** A conversation: the community and the two people, in a fixed order. */
export const conversationTopic = (communityId: string, a: string, b: string) => topic<ConversationEvent>(`conversation:${communityId}:${[a, b].sort().join(':')}`);

/** Chat's view of a person's topic: their inbox on all their devices. */
export const inboxTopic = (userId: string) => personTopic<InboxEvent>(userId);
