import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { serverText } from '../i18n/server-text.ts';
import { inReach } from '../lib/in-reach.ts';

/** What a paged list's infinite query tells its end of the list. */
interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: { message: string } | null;
  fetchNextPage: () => Promise<unknown>;
}

/** How far below the screen (px) the end of a list starts loading its next page, so it is there when the reader arrives. */
const AHEAD = 400;

interface PagedListEndProps {
  query: NextPage;
  words: { loadFailed: string; loadMore: string; end: string };
  /**
   * Load the next page by itself as the end comes near the screen (a list in the page's own scroll,
   * such as the feed). 'Load more' stays, for keyboards and screen readers, after a failure (no
   * retry loop) and whenever this is off.
   */
  loadOnReach?: boolean;
}

/**
 * The foot of a paged list (the feed, the feedback wall): why the next page failed, then 'Load more'
 * while there is more, or the words saying the list is complete.
 */
export function PagedListEnd({ query, words, loadOnReach = false }: PagedListEndProps) {
  const [end, watchEnd, reached] = useReached(loadOnReach);
  const fetchNext = useEffectEvent(() => void query.fetchNextPage());
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  // Also runs when a page arrives while the end is still in reach (a tall screen), until it is not;
  // the observer may not have seen the page just drawn, so the end's place is asked again.
  useEffect(() => {
    if (!loadOnReach || !reached || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    if (end && !inReach(end, null, { bottom: AHEAD })) return;
    fetchNext();
  }, [loadOnReach, reached, hasNextPage, isFetchingNextPage, isFetchNextPageError, end]);

  return (
    <Stack align="center" gap={6} pb="xs" ref={watchEnd}>
      {query.isFetchNextPageError && (
        <Text size="sm" c="red" role="alert">
          {words.loadFailed} {query.error && serverText(query.error.message)}
        </Text>
      )}
      {query.hasNextPage ? (
        <Button variant="light" radius="xl" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {words.loadMore}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {words.end}
        </Text>
      )}
    </Stack>
  );
}

/** Whether an element is on, or within AHEAD px below, the screen (an IntersectionObserver on the page's scroll). */
function useReached(watch: boolean) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!watch || !element) return;
    const observer = new IntersectionObserver(([entry]) => setNear(Boolean(entry?.isIntersecting)), { rootMargin: `0px 0px ${AHEAD}px 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, [watch, element]);
  return [element, setElement, watch && near] as const;
}
