import type { TRPCRouterRecord } from '@trpc/server';
import { byName } from './byName.ts';
import { create } from './create.ts';
import { deleteCommunity } from './delete.ts';
import { count, list } from './list.ts';
import { mine } from './mine.ts';
import { ofProfile } from './ofProfile.ts';
import { transferOwnership } from './transferOwnership.ts';
import { update } from './update.ts';

/** Communities: Discover's list, details, the create wizard, the owner's edit form, 'My communities'. */
export const communitiesRouter = {
  list,
  count,
  ofProfile,
  byName,
  create,
  update,
  mine,
  transferOwnership,
  delete: deleteCommunity,
} satisfies TRPCRouterRecord;
