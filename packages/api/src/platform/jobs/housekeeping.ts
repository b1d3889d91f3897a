import type { Storage } from '@app/storage';
import { pruneLiveEvents } from '../live/prune.ts';
import { pruneRateLimits } from '../rate-limit/prune.ts';
import { sweepUploads } from '../uploads/sweep.ts';
import type { HousekeepingLog, HousekeepingTask } from './scheduler.ts';

export interface HousekeepingOptions {
  /** Where uploads live (the sweeper deletes unreferenced ones). */
  storage: Storage;
  log: HousekeepingLog;
}

/** Every periodic clean-up the server runs; a domain with something to clean up adds its task here. */
export function housekeepingTasks({ storage, log }: HousekeepingOptions): HousekeepingTask[] {
  return [pruneLiveEvents, pruneRateLimits, sweepUploads({ storage, log })];
}
