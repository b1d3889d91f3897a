import type { AppRouter } from '@app/api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

export type ChatMessage = Outputs['chat']['messages']['items'][number];
export type Conversation = Outputs['chat']['conversations'][number];

/** The other person of a conversation, as the lists show them. */
export interface ChatPerson {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
}

/** What chat.onConversation sends (inside tRPC's tracked envelope). */
export type ChatEvent =
  | { type: 'message.created' | 'message.updated'; message: ChatMessage }
  | { type: 'message.deleted'; messageId: string }
  | { type: 'message.read'; readerId: string };

export const displayName = (person: Pick<ChatPerson, 'fullName' | 'username'>) => person.fullName ?? person.username;
