import { Box, Chip, Group, ScrollArea } from '@mantine/core';
import { FEED_SORTS, type FeedSort } from '@app/shared/plain/categories';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { useFeed } from './FeedContext.tsx';
import { useFeedView } from './feedView.tsx';
import classes from './feed.module.css';

const ALL = 'all';

/** Above the feed (issue 24): the category chips ('All' and each category) and the sort (new, top, active). */
export function FeedViewBar() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { communityId } = useFeed();
  const { view, setView } = useFeedView();
  const categories = useQuery(trpc.posts.categories.queryOptions({ communityId }));
  const list = categories.data ?? [];
  const chosenGone = Boolean(view.categoryId && categories.data && !list.some((c) => c.id === view.categoryId));

  // The chosen category was deleted (by the owner, maybe on another page): back to 'All'.
  useEffect(() => {
    if (chosenGone) setView({ ...view, categoryId: null });
  }, [chosenGone, setView, view]);

  return (
    <Group justify="space-between" align="center" gap="xs" wrap="wrap">
      {list.length > 0 ? (
        <ScrollArea type="never" style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Chip.Group multiple={false} value={view.categoryId ?? ALL} onChange={(value) => setView({ ...view, categoryId: value === ALL ? null : value })}>
            <Group gap={6} wrap="nowrap" role="radiogroup" aria-label={t('feedViews.categories')} py={2}>
              <Chip value={ALL} size="sm" radius="xl">
                {t('feedViews.all')}
              </Chip>
              {list.map((category) => (
                <Chip key={category.id} value={category.id} size="sm" radius="xl">
                  {`${category.emoji} ${category.name}`}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </ScrollArea>
      ) : (
        <span />
      )}
      <SortControl sort={view.sort} onChange={(sort) => setView({ ...view, sort })} />
    </Group>
  );
}

/** The sort, as radios (feed.module.css): the arrow keys move between them, as in any radio group. */
function SortControl({ sort, onChange }: { sort: FeedSort; onChange: (sort: FeedSort) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <Box role="radiogroup" aria-label={t('feedViews.sort')} ms="auto" className={classes.sorts}>
      {FEED_SORTS.map((value) => (
        <label key={value} className={classes.sort}>
          <input type="radio" name={name} value={value} checked={sort === value} onChange={() => onChange(value)} />
          <span>{t(`feedViews.sorts.${value}`)}</span>
        </label>
      ))}
    </Box>
  );
}
