import type { QueryClient } from '@tanstack/react-query';
import type { TrpcOptions } from './trpc.ts';

/** What every route's loader is given (router.tsx makes it; routes import it from here, not from the router). */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcOptions;
}
