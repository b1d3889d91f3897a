import { courses } from '@app/db/schema';
import { COURSE_MESSAGES, createCourseInput } from '@app/shared/courses';
import { communityAdminProcedure } from '../core/trpc.ts';
import { requireOwnUpload } from '../platform/uploads/service.ts';
import { announceCourse, COURSE_COVER_BUCKET, courseCard, publishedCourse } from './service.ts';

/** The owner creates a course; private unless 'Allow members to view this course immediately' was checked. */
export const create = communityAdminProcedure.input(createCourseInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    if (input.coverKey) await requireOwnUpload(tx, COURSE_COVER_BUCKET, input.coverKey, ctx.user.id, COURSE_MESSAGES.coverUploadFailed);
    const [course] = await tx
      .insert(courses)
      .values({
        ownerId: ctx.user.id,
        communityId: ctx.community.id,
        title: input.title,
        description: input.description,
        coverUrl: input.coverKey,
        introVideoUrl: input.introVideoUrl,
        isPrivate: !input.visibleToMembers,
      })
      .returning({ id: courses.id });
    await announceCourse(tx, ctx.community.id, { type: 'course.created', courseId: course!.id });
    if (input.visibleToMembers) await publishedCourse(tx, ctx.community.id, course!.id, ctx.user.id);
    return courseCard(tx, course!.id, ctx.user.id);
  }),
);
