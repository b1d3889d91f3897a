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

export const displayName = (person: Pick<ChatPerson, 'fullName' | 'username'>) => person.fullName ?? person.username;
