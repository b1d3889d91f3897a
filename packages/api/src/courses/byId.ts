import { courseIdInput } from '@app/shared/courses';
import { mayAdminister } from '../core/access.ts';
import { courseViewerProcedure } from '../core/trpc.ts';
import { courseView } from './views.ts';

/** A course with its outline, for the learning view and the editor: the owner's, or a visible one for members. */
export const byId = courseViewerProcedure
  .input(courseIdInput)
  .query(({ ctx, input }) => courseView(ctx.db, input.courseId, { userId: ctx.user.id, community: ctx.community, administers: mayAdminister(ctx) }));
