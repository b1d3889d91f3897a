import type { TRPCRouterRecord } from '@trpc/server';
import { byId } from './byId.ts';
import { create } from './create.ts';
import { remove } from './delete.ts';
import { addLesson, deleteLesson, lesson, renameLesson, reorderLessons, updateLesson } from './lessons.ts';
import { list } from './list.ts';
import { onChange } from './onChange.ts';
import { deleteModule, moduleContent, renameModule, reorderModules, saveModule } from './modules.ts';
import { setComplete } from './progress.ts';
import { update } from './update.ts';

/** A community's courses, their modules and lessons, and members' progress: members see visible courses, the owner builds and sees them all. */
export const coursesRouter = {
  list,
  byId,
  create,
  update,
  delete: remove,
  module: moduleContent,
  saveModule,
  renameModule,
  deleteModule,
  reorderModules,
  lesson,
  addLesson,
  updateLesson,
  renameLesson,
  deleteLesson,
  reorderLessons,
  setComplete,
  onChange,
} satisfies TRPCRouterRecord;
