import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRecheckAccess } from './useRecheckAccess.ts';

/**
 * The handlers of a live subscription that only says "this changed": on (re)connecting and on each
 * event, everything under `queryKey` is fetched again; a refusal (membership or session ended)
 * makes the page check both.
 */
export function useRefreshOnLive(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const onError = useRecheckAccess();
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  return { onStarted: refresh, onData: refresh, onError };
}
