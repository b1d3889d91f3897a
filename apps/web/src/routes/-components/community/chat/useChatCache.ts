import { CHAT_PAGE_SIZE } from '@app/shared/plain/chat';
import { useQueryClient } from '@tanstack/react-query';
import type { TrpcOptions } from '../../../../lib/trpc.ts';
import { useTRPC } from '../../../../lib/trpc.ts';
import { retryUnlessRefused } from '../../../../lib/retry.ts';
import { markReadBy, removeMessage, upsertMessage } from './chatCache.ts';
import type { ChatMessage } from './types.ts';

/** One conversation, 20 messages a page, newest first; older pages are asked for with the last one's cursor. */
export function messagesQueryOptions(trpc: TrpcOptions, communityId: string, userId: string) {
  return {
    ...trpc.chat.messages.infiniteQueryOptions({ communityId, userId, limit: CHAT_PAGE_SIZE }, { getNextPageParam: (last) => last.nextCursor }),
    retry: retryUnlessRefused,
  };
}

/** Changes to a conversation's cached messages, and refreshes of the lists that summarise it. */
export function useChatCache(communityId: string, userId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const messagesKey = messagesQueryOptions(trpc, communityId, userId).queryKey;
  return {
    messagesKey,
    upsert: (message: ChatMessage) => queryClient.setQueryData(messagesKey, (data) => upsertMessage(data, message)),
    remove: (messageId: string) => queryClient.setQueryData(messagesKey, (data) => removeMessage(data, messageId)),
    markReadBy: (readerId: string) => queryClient.setQueryData(messagesKey, (data) => markReadBy(data, readerId, new Date())),
    /** Catches up after a (re)connection: anything sent while nobody listened. */
    refetchMessages: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
    /** The conversation list (last message, unread counts) and the top bar's dropdown. */
    refreshLists: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.chat.conversations.queryKey({ communityId }) }),
        queryClient.invalidateQueries({ queryKey: trpc.chat.recent.queryKey() }),
      ]),
  };
}
