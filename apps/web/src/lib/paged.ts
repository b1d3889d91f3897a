import type { AppRouter } from '@app/api';
import type { LiveReset } from '@app/shared/live';
import type { InfiniteData } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

/** The domains that serve a paged, live list of items with comments, and the name of each one's live stream. */
interface LiveStreams {
  posts: 'onFeed';
  feedback: 'onWall';
}
type PagedDomain = keyof LiveStreams;

type Tracked<D extends PagedDomain> = Outputs[D][LiveStreams[D]] extends AsyncIterable<infer T> ? T : never;

/**
 * One paged, live list, described once: `list` answers pages newest first (each with the cursor of
 * the next), `comments` an item's comments, and the live stream events tracked by id (so a reconnect
 * resumes after the last one).
 */
export interface Paged<D extends PagedDomain> {
  page: Outputs[D]['list'];
  item: Outputs[D]['list']['items'][number];
  cursor: NonNullable<Outputs[D]['list']['nextCursor']>;
  comment: Outputs[D]['comments'][number];
  /** The infinite query's cache: the pages loaded so far, newest first. */
  data: InfiniteData<Outputs[D]['list'], NonNullable<Outputs[D]['list']['nextCursor']> | null>;
  /** One live event; a reset is handled apart. */
  event: Exclude<Tracked<D> extends { data: infer E } ? E : never, LiveReset>;
}

/** A community's feed. */
export type FeedPage = Paged<'posts'>['page'];
export type FeedItem = Paged<'posts'>['item'];
export type FeedCursor = Paged<'posts'>['cursor'];
export type FeedComment = Paged<'posts'>['comment'];
export type FeedData = Paged<'posts'>['data'];
export type FeedEvent = Paged<'posts'>['event'];

/** The feedback wall. */
export type WallPage = Paged<'feedback'>['page'];
export type Feedback = Paged<'feedback'>['item'];
export type WallCursor = Paged<'feedback'>['cursor'];
export type FeedbackComment = Paged<'feedback'>['comment'];
export type WallData = Paged<'feedback'>['data'];
export type WallEvent = Paged<'feedback'>['event'];
