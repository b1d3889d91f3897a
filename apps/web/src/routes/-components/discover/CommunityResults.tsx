import { Button, Center, Stack } from '@mantine/core';
import type { Category, CommunityLanguage } from '@app/shared/constants';
import { useIntersection } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CommunityGrid, CommunityGridSkeleton } from '../../../components/CommunityGrid.tsx';
import { useTRPC } from '../../../lib/trpc.ts';
import { EmptyResults } from './ResultStates.tsx';

interface CommunityResultsProps {
  search: string;
  category: Category | null;
  language: CommunityLanguage | null;
}

/** The Communities tab: a grid of cards, 24 at a time, more as the end scrolls into view. */
export function CommunityResults({ search, category, language }: CommunityResultsProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const query = useInfiniteQuery(
    trpc.communities.list.infiniteQueryOptions(
      { search: search || undefined, category: category ?? undefined, language: language ?? undefined },
      { getNextPageParam: (page) => page.nextCursor, placeholderData: keepPreviousData },
    ),
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const { ref: sentinel, entry } = useIntersection({ rootMargin: '400px' });

  // Spec section 8: a failed fetch is logged and the list reads as empty.
  useEffect(() => {
    if (query.error) console.error('Failed to fetch communities', query.error);
  }, [query.error]);

  useEffect(() => {
    if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [entry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <CommunityGridSkeleton label={t('discover.communities.loading')} />;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isError || items.length === 0) {
    return <EmptyResults icon={<IconMoodEmpty size={30} />} message={t('discover.communities.empty')} hint={t('discover.communities.emptyHint')} />;
  }

  return (
    <Stack gap="xl">
      <CommunityGrid
        communities={items}
        label={t('discover.communities.results')}
        aria-busy={query.isPlaceholderData}
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
      />
      {hasNextPage && (
        <Center ref={sentinel}>
          <Button variant="default" radius="xl" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('discover.communities.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
