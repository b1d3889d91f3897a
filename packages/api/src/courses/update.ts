import { courses } from '@app/db/schema';
import { COURSE_MESSAGES, updateCourseInput } from '@app/shared/courses';
import { eq, sql } from 'drizzle-orm';
import { communityAdminProcedure } from '../core/trpc.ts';
import { discardUpload, requireOwnUpload } from '../platform/uploads/service.ts';
import { announceCourse, COURSE_COVER_BUCKET, courseCard, publishedCourse } from './service.ts';

/** 'Course Details': the owner changes the title, description, media and visibility. A replaced cover is deleted. */
export const update = communityAdminProcedure.input(updateCourseInput).mutation(async ({ ctx, input }) => {
  const { card, oldCover } = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ coverUrl: courses.coverUrl, isPrivate: courses.isPrivate }).from(courses).where(eq(courses.id, input.courseId)).for('update');
    if (input.coverKey && input.coverKey !== before?.coverUrl) {
      await requireOwnUpload(tx, COURSE_COVER_BUCKET, input.coverKey, ctx.user.id, COURSE_MESSAGES.coverUploadFailed);
    }
    await tx
      .update(courses)
      .set({
        title: input.title,
        description: input.description,
        coverUrl: input.coverKey,
        introVideoUrl: input.introVideoUrl,
        isPrivate: input.isPrivate,
        updatedAt: sql`now()`,
      })
      .where(eq(courses.id, input.courseId));
    await announceCourse(tx, ctx.community.id, { type: 'course.updated', courseId: input.courseId, wasVisible: before?.isPrivate === false });
    if (before?.isPrivate && !input.isPrivate) await publishedCourse(tx, ctx.community.id, input.courseId, ctx.user.id);
    return { card: await courseCard(tx, input.courseId, ctx.user.id), oldCover: before?.coverUrl ?? null };
  });
  if (oldCover && oldCover !== input.coverKey) await discardUpload(ctx.db, ctx.storage, COURSE_COVER_BUCKET, oldCover);
  return card;
});
