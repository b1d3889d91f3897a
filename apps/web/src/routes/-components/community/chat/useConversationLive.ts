import { useMutation } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '../../../../lib/trpc.ts';
import { useRecheckAccess } from '../../../../lib/useRecheckAccess.ts';
import { useChatCache } from './useChatCache.ts';

export type LiveState = 'connecting' | 'live' | 'offline';

interface LiveOptions {
  communityId: string;
  otherId: string;
  viewerId: string;
  /** Listening starts once the first page has loaded (a refused conversation never listens). */
  enabled: boolean;
}

/**
 * While a conversation is open: follows chat.onConversation and applies its events to the cache,
 * and marks the other person's messages read when it opens and whenever a new one arrives.
 */
export function useConversationLive({ communityId, otherId, viewerId, enabled }: LiveOptions): LiveState {
  const trpc = useTRPC();
  const cache = useChatCache(communityId, otherId);
  const recheckAccess = useRecheckAccess();
  const markRead = useMutation(
    trpc.chat.markRead.mutationOptions({
      onSuccess: ({ read }) => {
        cache.markReadBy(viewerId);
        if (read > 0) void cache.refreshLists();
      },
    }),
  );
  const { mutate: markReadMutate } = markRead;
  const markReadNow = () => markReadMutate({ communityId, userId: otherId });

  // Opening the conversation reads it.
  const opened = useRef(false);
  useEffect(() => {
    if (!enabled || opened.current) return;
    opened.current = true;
    markReadMutate({ communityId, userId: otherId });
  }, [enabled, communityId, otherId, markReadMutate]);

  const subscription = useSubscription(
    trpc.chat.onConversation.subscriptionOptions(
      { communityId, userId: otherId },
      {
        enabled,
        onStarted: () => void cache.refetchMessages(),
        onData: (tracked) => {
          const event = tracked.data;
          switch (event.type) {
            case 'message.created':
              cache.upsert(event.message);
              void cache.refreshLists();
              if (event.message.senderId === otherId) markReadNow();
              return;
            case 'message.updated':
              cache.upsert(event.message);
              void cache.refreshLists();
              return;
            case 'message.deleted':
              cache.remove(event.messageId);
              void cache.refreshLists();
              return;
            case 'message.read':
              cache.markReadBy(event.readerId);
              return;
            case 'live.reset':
              void cache.refetchMessages();
              void cache.refreshLists();
              return;
          }
        },
        onError: (error) => {
          // One of the two left the community, or the session ended: the page checks again.
          if (error.data?.code === 'FORBIDDEN' || error.data?.code === 'UNAUTHORIZED') void cache.refetchMessages();
          recheckAccess(error);
        },
      },
    ),
  );
  if (subscription.status === 'pending') return 'live';
  if (subscription.status === 'error') return 'offline';
  return 'connecting';
}
