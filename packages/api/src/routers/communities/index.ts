import type { TRPCRouterRecord } from '@trpc/server';
import { create } from './create.ts';
import { byName } from './details.ts';
import { discoverProcedures } from './discover.ts';
import { mine } from './mine.ts';
import { update } from './update.ts';

/** Communities: Discover's list, details, the create wizard, the owner's edit form, 'My communities'. */
export const communitiesRouter = {
  ...discoverProcedures,
  byName,
  create,
  update,
  mine,
} satisfies TRPCRouterRecord;
