import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLiveStart } from './live-position.ts';
import { useRecheckAccess } from './useRecheckAccess.ts';

/**
 * A live subscription that only says "this changed": `from` goes into its input, and `handlers` fetch
 * everything under `queryKey` again on each event and on (re)connecting (but for a first start from
 * the page's live position, live-position.ts); a refusal (membership or session ended) makes the page
 * check both.
 */
export function useRefreshOnLive(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const onError = useRecheckAccess();
  const start = useLiveStart();
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  return { from: start.from, handlers: { onStarted: start.onStarted(refresh), onData: refresh, onError } };
}
