import type { AppRouter } from '@app/api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

/** An event as the calendar lists it; the owner's panel also has its cover key. */
export type CommunityEvent = Outputs['calendar']['list'][number] & { coverKey?: string | null };
