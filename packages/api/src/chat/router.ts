import type { TRPCRouterRecord } from '@trpc/server';
import { conversations, recent } from './conversations.ts';
import { remove } from './delete.ts';
import { edit } from './edit.ts';
import { markRead } from './markRead.ts';
import { list } from './messages.ts';
import { onConversation } from './onConversation.ts';
import { onInbox } from './onInbox.ts';
import { send } from './send.ts';
import { unreadTotal } from './unreadTotal.ts';

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
