import type { AppRouter } from '@app/api';
import type { inferRouterOutputs } from '@trpc/server';

/** One row of the bell's list: who, what, where and when (notifications.list). */
export type Notification = inferRouterOutputs<AppRouter>['notifications']['list']['items'][number];
