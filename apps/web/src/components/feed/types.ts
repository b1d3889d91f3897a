import type { LiveReset } from '@app/shared/live';
import type { AppRouter } from '@app/api';
import type { InfiniteData } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

export type FeedPage = Outputs['posts']['list'];
export type FeedItem = FeedPage['items'][number];
export type FeedCursor = NonNullable<FeedPage['nextCursor']>;
export type FeedComment = Outputs['posts']['comments'][number];
/** The infinite query's cache: the pages loaded so far, newest first. */
export type FeedData = InfiniteData<FeedPage, FeedCursor | null>;

type Tracked = Outputs['posts']['onFeed'] extends AsyncIterable<infer T> ? T : never;
/** One live event of posts.onFeed (the server tracks each by id, so a reconnect resumes after it); a reset is handled apart. */
export type FeedEvent = Exclude<Tracked extends { data: infer E } ? E : never, LiveReset>;
