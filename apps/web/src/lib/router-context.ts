import type { QueryClient } from '@tanstack/react-query';
import type { TrpcOptions } from './trpc.ts';

/** What every route's loader is given (router.tsx makes it; routes import it from here, not from the router). */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcOptions;
  /**
   * Rendering a member's page on the server (prerender.tsx): a loader hands it the prefetching it
   * starts without waiting, and the page is rendered once that has settled, from the data. Absent in
   * the browser, where the page shows its own loading states instead.
   */
  serverWaitsFor?: (work: Promise<unknown>) => void;
}
