import { Alert, Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useFeed } from './FeedContext.tsx';
import { PostCard } from './PostCard.tsx';
import { carryTimes } from './RelativeTime.tsx';
import { feedQueryOptions } from './useFeedCache.ts';
import { useFeedView } from './feedView.tsx';
import { HydratesApart } from '../HydratesApart.tsx';
import { Loading } from '../Loading.tsx';
import { PagedListEnd } from '../PagedListEnd.tsx';
import { useRevealed } from '../../lib/useRevealed.ts';

/**
 * How many pages load by themselves as the reader nears the end; then 'Load more' asks, so what
 * follows the feed (the sidebar, below it on phones) can still be reached.
 */
const AUTO_PAGES = 5;
/** The posts drawn with the page's first screen; the others follow one a task (useRevealed). */
const FIRST_POSTS = 3;

/**
 * The posts, newest first, in the page's own scroll (no box of its own, so one scrollbar): the next
 * 10 load as the end of the list comes near the screen (spec section 9's 'near the bottom').
 */
export const FeedList = memo(function FeedList() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { communityId } = useFeed();
  const { view } = useFeedView();
  const feed = useInfiniteQuery(feedQueryOptions(trpc, communityId, view));
  const posts = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const shown = posts.slice(0, useRevealed(posts.length, FIRST_POSTS));
  carryTimes(posts);

  const pageCount = feed.data?.pages.length ?? 0;

  if (feed.isPending) {
    return (
      <Loading py={48} label={t('feed.loading')} />
    );
  }
  // Only a failed first load replaces the list; a failed next page or refresh keeps what is shown.
  if (feed.isLoadingError) {
    return (
      <Alert color="red" role="alert" radius="lg" title={t('feed.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{serverText(feed.error.message)}</Text>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void feed.refetch()}>
            {t('feed.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (posts.length === 0) return <EmptyFeed />;

  return (
    <div role="feed" aria-label={t('feed.list')} aria-busy={feed.isFetchingNextPage}>
      <Stack gap="md">
        {/* Rendered by the server, each post comes alive in a commit of its own (its comment box measures itself then). */}
        {shown.map((post, index) => (
          <HydratesApart key={post.id}>
            <PostCard post={post} position={index + 1} total={feed.hasNextPage ? -1 : posts.length} />
          </HydratesApart>
        ))}
        {shown.length === posts.length && (
          <PagedListEnd query={feed} loadOnReach={pageCount < AUTO_PAGES} words={{ loadFailed: t('feed.loadFailed'), loadMore: t('feed.loadMore'), end: t('feed.end') }} />
        )}
      </Stack>
    </div>
  );
});

function EmptyFeed() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconMessageCircle size={28} />
        </ThemeIcon>
        <Text fw={700} fz="lg">
          {t('feed.empty')}
        </Text>
        <Text c="dimmed" size="sm" maw={360}>
          {t('feed.emptyHint')}
        </Text>
      </Stack>
    </Paper>
  );
}
