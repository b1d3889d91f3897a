import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * Keeps what the cache was told from being undone by a read that began before it.
 *
 * A live page writes changes into its cached lists as they happen (the viewer's own post, another
 * member's comment) and refetches when its subscription starts. Two things could lose a change:
 * - a write while a fetch is in flight: the fetch lands with what the server read before the change
 *   and overwrites it (the post just made vanishes from its author's feed);
 * - a refetch asked for while the first load is still in flight: react-query joins that load rather
 *   than starting a new one, so "read again from now" got an answer read before now.
 * In both cases the query is read once more when the fetch in flight has landed.
 */
export function keepFreshReads(queryClient: QueryClient): () => void {
  const readAgain = new WeakSet<Query>();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query, action } = event;
    const fetching = query.state.fetchStatus === 'fetching';
    switch (action.type) {
      case 'success':
        if (action.manual) {
          if (fetching) readAgain.add(query);
        } else if (readAgain.delete(query)) {
          void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
        }
        return;
      case 'invalidate':
        // With data, react-query cancels the fetch in flight and starts another; without, it joins it.
        if (fetching && query.state.data === undefined) readAgain.add(query);
        return;
      case 'error':
        readAgain.delete(query);
        return;
    }
  });
}
