import type { TRPCRouterRecord } from '@trpc/server';
import { close } from './close.ts';
import { restore } from './restore.ts';
import { status } from './status.ts';

/** 'Delete my account' and 'Restore my account' (README.md); the erasure job is erase.ts. */
export const deletionRouter = {
  status,
  close,
  restore,
} satisfies TRPCRouterRecord;
