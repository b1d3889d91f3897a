import { Button, Stack, Text } from '@mantine/core';
import { serverText } from '../i18n/server-text.ts';

/** What a paged list's infinite query tells its end of the list. */
interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: { message: string } | null;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The foot of a paged list (the feed, the feedback wall): why the next page failed, then 'Load more'
 * while there is more, or the words saying the list is complete.
 */
export function PagedListEnd({ query, words }: { query: NextPage; words: { loadFailed: string; loadMore: string; end: string } }) {
  return (
    <Stack align="center" gap={6} pb="xs">
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
