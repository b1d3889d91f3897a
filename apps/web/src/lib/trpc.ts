import type { AppRouter } from '@app/api';
import { MutationCache, notifyManager, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { keepFreshReads } from './fresh-reads.ts';
import { heldUntil } from './held-link.ts';
import { whenAlive } from './page-alive.ts';
import { oneTaskScheduler } from './notify-batching.ts';
import { noticeRateLimit, retryQuery } from './rate-limit.ts';
import { retryDelay } from './retry.ts';
import { shareEqual } from './structural-sharing.ts';

/** Must not exceed the server's maxBatchSize. */
const MAX_BATCH_ITEMS = 20;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createQueryClient() {
  // The observers of answers that arrive together are told in one task, so the page draws them once.
  notifyManager.setScheduler(oneTaskScheduler());
  const queryClient = new QueryClient({
    // Before any mutation's own handling: a write refused over a limit gets one calm note.
    mutationCache: new MutationCache({ onError: noticeRateLimit }),
    defaultOptions: {
      // Lists are fresh for five minutes (spec section 9's caches), kept in memory by react-query. A read
      // refused over the call budget (429) is tried again after the server's Retry-After, not at once. A
      // refetch that brings what is on screen keeps its objects, dates included (structural-sharing.ts).
      queries: { staleTime: 5 * 60_000, retry: retryQuery, retryDelay, refetchOnWindowFocus: false, structuralSharing: shareEqual },
    },
  });
  keepFreshReads(queryClient);
  return queryClient;
}

function wsUrl() {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/trpc`;
}

/**
 * Queries and mutations over batched HTTP; subscriptions over one lazy WebSocket, each started once
 * the page is alive (lib/page-alive.ts: a page the server rendered, once hydrated).
 */
export function createClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: [heldUntil(whenAlive), wsLink({ client: createWSClient({ url: wsUrl, lazy: { enabled: true, closeMs: 10_000 } }), transformer: superjson })],
        false: httpBatchLink({ url: '/trpc', transformer: superjson, maxItems: MAX_BATCH_ITEMS }),
      }),
    ],
  });
}

export function createOptions(client: ReturnType<typeof createClient>, queryClient: QueryClient) {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}

export type TrpcOptions = ReturnType<typeof createOptions>;
