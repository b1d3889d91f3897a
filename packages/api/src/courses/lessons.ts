import { courseModules, lessons } from '@app/db/schema';
import { addLessonInput, CONTENT_LIMITS, CONTENT_MESSAGES, lessonIdInput, renameLessonInput, reorderLessonsInput, updateLessonInput } from '@app/shared/courses';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { mayAdminister } from '../core/access.ts';
import { courseViewerProcedure, communityAdminProcedure } from '../core/trpc.ts';
import { discardUpload } from '../platform/uploads/service.ts';
import { courseFileBucket, requireNewUploads } from './files.ts';
import { sanitizeRichText } from './sanitize.ts';
import { applyOrder, contentChanged, courseOfLesson, courseOfModule } from './service.ts';
import { lessonView } from './views.ts';

/** A lesson to learn from (or edit). */
export const lesson = courseViewerProcedure
  .input(lessonIdInput)
  .query(({ ctx, input }) => lessonView(ctx.db, input.lessonId, { userId: ctx.user.id, community: ctx.community, administers: mayAdminister(ctx) }));

/**
 * The add-lesson button: a 'New Lesson' at the end of the module, if it has room under the cap (its
 * row locked first, so two lessons cannot both take the last place).
 */
export const addLesson = communityAdminProcedure.input(addLessonInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const [module] = await tx.select({ courseId: courseModules.courseId }).from(courseModules).where(eq(courseModules.id, input.moduleId)).for('update');
    if (!module) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.moduleNotFound);
    if ((await tx.$count(lessons, eq(lessons.moduleId, input.moduleId))) >= CONTENT_LIMITS.lessonsPerModuleMax) {
      throw new AppError('BAD_REQUEST', CONTENT_MESSAGES.tooManyLessons(CONTENT_LIMITS.lessonsPerModuleMax));
    }
    const [created] = await tx
      .insert(lessons)
      .values({
        moduleId: input.moduleId,
        title: input.title ?? CONTENT_MESSAGES.newLesson,
        order: sql`(select coalesce(max(${lessons.order}), 0) + 1 from ${lessons} where ${lessons.moduleId} = ${input.moduleId})`,
      })
      .returning({ id: lessons.id, title: lessons.title, order: lessons.order });
    await contentChanged(tx, ctx.community.id, module.courseId);
    return created!;
  }),
);

/**
 * The lesson editor's 'Save Changes': title, rich text (sanitized), video and resource (a new one must
 * be the owner's own upload; a replaced one is deleted once the change is committed).
 */
export const updateLesson = communityAdminProcedure.input(updateLessonInput).mutation(async ({ ctx, input }) => {
  const replaced = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ fileKey: lessons.fileUrl }).from(lessons).where(eq(lessons.id, input.lessonId)).for('update');
    if (!before) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.lessonNotFound);
    const fileKey = input.fileKey === undefined ? before.fileKey : input.fileKey;
    if (fileKey) await requireNewUploads(tx, courseFileBucket(fileKey), [fileKey], before.fileKey ? [before.fileKey] : [], ctx.user.id);
    await tx
      .update(lessons)
      .set({ title: input.title, content: sanitizeRichText(input.content), videoUrl: input.videoUrl, fileUrl: fileKey, updatedAt: sql`now()` })
      .where(eq(lessons.id, input.lessonId));
    await contentChanged(tx, ctx.community.id, await courseOfLesson(tx, input.lessonId));
    return before.fileKey && before.fileKey !== fileKey ? before.fileKey : null;
  });
  if (replaced) await discardUpload(ctx.db, ctx.storage, courseFileBucket(replaced), replaced);
  return { lessonId: input.lessonId };
});

/** Renaming a lesson in the editor's outline. */
export const renameLesson = communityAdminProcedure.input(renameLessonInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const [renamed] = await tx
      .update(lessons)
      .set({ title: input.title, updatedAt: sql`now()` })
      .where(eq(lessons.id, input.lessonId))
      .returning({ id: lessons.id });
    if (!renamed) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.lessonNotFound);
    await contentChanged(tx, ctx.community.id, await courseOfLesson(tx, input.lessonId));
    return { lessonId: input.lessonId, title: input.title };
  }),
);

/** The owner deletes a lesson (after confirming); members' progress on it goes with it. */
export const deleteLesson = communityAdminProcedure.input(lessonIdInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const courseId = await courseOfLesson(tx, input.lessonId);
    await tx.delete(lessons).where(eq(lessons.id, input.lessonId));
    await contentChanged(tx, ctx.community.id, courseId);
    return { lessonId: input.lessonId };
  }),
);

/** The module's lessons in the order given, which must name each of them once. */
export const reorderLessons = communityAdminProcedure.input(reorderLessonsInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await applyOrder(tx, lessons, eq(lessons.moduleId, input.moduleId), input.lessonIds);
    await contentChanged(tx, ctx.community.id, await courseOfModule(tx, input.moduleId));
    return { lessonIds: input.lessonIds };
  }),
);
