import type { AppRouter } from '@app/api';
import type { LiveReset } from '@app/shared/live';
import type { InfiniteData } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

export type WallPage = Outputs['feedback']['list'];
export type Feedback = WallPage['items'][number];
export type WallCursor = NonNullable<WallPage['nextCursor']>;
export type FeedbackComment = Outputs['feedback']['comments'][number];
/** The infinite query's cache: the pages loaded so far, newest first. */
export type WallData = InfiniteData<WallPage, WallCursor | null>;

type Tracked = Outputs['feedback']['onWall'] extends AsyncIterable<infer T> ? T : never;
/** One live event of feedback.onWall (tracked by id, so a reconnect resumes after it); a reset is handled apart. */
export type WallEvent = Exclude<Tracked extends { data: infer E } ? E : never, LiveReset>;
