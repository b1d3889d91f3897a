import { courses } from '@app/db/schema';
import { courseIdInput } from '@app/shared/courses';
import { eq } from 'drizzle-orm';
import { communityAdminProcedure } from '../core/trpc.ts';
import { discardUpload } from '../platform/uploads/service.ts';
import { announceCourse, COURSE_COVER_BUCKET } from './service.ts';

/** The owner deletes a course with its modules, lessons and progress; its cover goes too. */
export const remove = communityAdminProcedure.input(courseIdInput).mutation(async ({ ctx, input }) => {
  const [deleted] = await ctx.db.transaction(async (tx) => {
    const rows = await tx.delete(courses).where(eq(courses.id, input.courseId)).returning({ coverUrl: courses.coverUrl, isPrivate: courses.isPrivate });
    await announceCourse(tx, ctx.community.id, { type: 'course.deleted', courseId: input.courseId, wasVisible: rows[0]?.isPrivate === false });
    return rows;
  });
  if (deleted?.coverUrl) await discardUpload(ctx.db, ctx.storage, COURSE_COVER_BUCKET, deleted.coverUrl);
  return { courseId: input.courseId };
});
