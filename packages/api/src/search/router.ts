import type { TRPCRouterRecord } from '@trpc/server';
import { community } from './community.ts';

/** Search inside a community (issue 24). */
export const searchRouter = { community } satisfies TRPCRouterRecord;
