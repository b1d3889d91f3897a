import { Stack } from '@mantine/core';
import { memo } from 'react';
import { Composer } from './Composer.tsx';
import { FeedHeading } from './FeedHeading.tsx';
import { FeedList } from './FeedList.tsx';
import { FeedProvider } from './FeedContext.tsx';
import { FeedViewProvider } from './feedView.tsx';
import { FeedViewBar } from './FeedViewBar.tsx';
import { LinkedPost } from './LinkedPost.tsx';
import { useLiveFeed } from './useLiveFeed.ts';
import { HydratesApart } from '../HydratesApart.tsx';

interface PostsTabProps {
  communityId: string;
  /** The signed-in viewer (the member view is only shown to someone signed in). */
  viewerId: string;
  moderates: boolean;
}

/**
 * The community's live feed: the composer, then the posts, kept current while the tab is open. Drawn
 * again only when its own props or state change, not each time the page around it does (its lists,
 * the viewer's standing).
 */
export const PostsTab = memo(function PostsTab({ communityId, viewerId, moderates }: PostsTabProps) {
  return (
    <FeedProvider communityId={communityId} viewerId={viewerId} moderates={moderates}>
      <FeedViewProvider>
        <LiveFeed />
      </FeedViewProvider>
    </FeedProvider>
  );
});

function LiveFeed() {
  const live = useLiveFeed();
  return (
    // Rendered by the server, the composer and the bar above the posts come alive each in a commit of
    // their own, as each post does (FeedList).
    <Stack gap="md">
      <LinkedPost />
      <HydratesApart>
        <Composer />
      </HydratesApart>
      <FeedHeading live={live} />
      <HydratesApart>
        <FeedViewBar />
      </HydratesApart>
      <FeedList />
    </Stack>
  );
}
