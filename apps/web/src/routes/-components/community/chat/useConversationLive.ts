import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTRPC, useTRPCClient } from '../../../../lib/trpc.ts';
import { useRecheckAccess } from '../../../../lib/useRecheckAccess.ts';
import { useChatCache } from './useChatCache.ts';
import { useLiveStart } from '../../../../lib/live-position.ts';

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
  const client = useTRPCClient();
  // Reading is a write whose progress nothing shows: sent with the client itself rather than a
  // mutation hook, whose every state (pending, done) drew the whole conversation again.
  const markReadNow = useCallback(() => {
    client.chat.markRead.mutate({ communityId, userId: otherId }).then(
      ({ read }) => {
        cache.markReadBy(viewerId);
        if (read > 0) void cache.refreshLists();
      },
      // Not read this time: the next message or opening reads it.
      () => undefined,
    );
  }, [client, cache, communityId, otherId, viewerId]);

  // Opening the conversation reads it.
  const opened = useRef(false);
  useEffect(() => {
    if (!enabled || opened.current) return;
    opened.current = true;
    markReadNow();
  }, [enabled, markReadNow]);

  const start = useLiveStart();
  const subscription = useSubscription(
    trpc.chat.onConversation.subscriptionOptions(
      { communityId, userId: otherId, ...start.from },
      {
        enabled,
        onStarted: start.onStarted(() => void cache.refetchMessages()),
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
