import { communityIdInput } from '@app/shared/communities';
import { moderatorProcedure } from '../core/trpc.ts';
import { openReportCount } from './service.ts';

/** How many items have open reports: the badge in the control panel of moderators, admins and the owner. */
export const openCount = moderatorProcedure.input(communityIdInput).query(({ ctx }) => openReportCount(ctx.db, ctx.community.id));
