import type { TRPCRouterRecord } from '@trpc/server';
import { conversations, list, recent, unreadTotal } from './list.ts';
import { onConversation, onInbox } from './live.ts';
import { edit, markRead, remove, send } from './write.ts';

/** Private chat between members of a community, encrypted at rest. */
export const chatRouter = {
  conversations,
  recent,
  unreadTotal,
  messages: list,
  send,
  edit,
  delete: remove,
  markRead,
  onConversation,
  onInbox,
} satisfies TRPCRouterRecord;
