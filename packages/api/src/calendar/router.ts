import type { TRPCRouterRecord } from '@trpc/server';
import { byId, list, upcoming } from './list.ts';
import { onChange } from './onChange.ts';
import { create, remove, update } from './write.ts';

/** A community's events: members see the calendar and the upcoming list, the owner schedules, changes and deletes. */
export const calendarRouter = {
  list,
  upcoming,
  byId,
  create,
  update,
  delete: remove,
  onChange,
} satisfies TRPCRouterRecord;
