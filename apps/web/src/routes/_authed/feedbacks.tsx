import { createFileRoute } from '@tanstack/react-router';
import { FeedbackWall } from './-components/feedback/FeedbackWall.tsx';
import { wallQueryOptions } from './-components/feedback/wallQuery.ts';

/** The feedback wall, for signed-in people (spec section 2). */
export const Route = createFileRoute('/_authed/feedbacks')({
  loader: ({ context }) => context.queryClient.prefetchInfiniteQuery(wallQueryOptions(context.trpc)),
  component: FeedbackWall,
});
