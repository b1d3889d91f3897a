import type { QueryClient } from '@tanstack/react-query';
import type { TrpcOptions } from './trpc.ts';

/** What every route's loader is given (router.tsx makes it; routes import it from here, not from the router). */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcOptions;
  /**
   * A member's page rendered on the server (prerender.tsx), and the same page as the browser takes it
   * over (boot.tsx): a loader hands it the prefetching it starts without waiting (the data and the
   * code of the page's lazily loaded parts), and the page is rendered, or hydrated, once that has
   * settled. In the browser the data is already in the cache the server wrote: what is waited for is
   * code. Absent otherwise, where the page shows its own loading states instead.
   */
  renderWaitsFor?: (work: Promise<unknown>) => void;
}
