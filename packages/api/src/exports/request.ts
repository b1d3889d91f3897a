import { requestExportInput } from '@app/shared/exports';
import { protectedProcedure } from '../core/trpc.ts';
import { requestExport } from './service.ts';

/** 'Export my data': asks for an archive of the caller's data, built by a job; refused while one is being prepared. */
export const request = protectedProcedure
  .meta({ rateLimit: 'export:request' })
  .input(requestExportInput)
  .mutation(({ ctx }) => requestExport(ctx.db, ctx.user.id));
