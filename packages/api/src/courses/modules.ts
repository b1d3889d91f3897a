import type { Queryable } from '@app/db';
import { courseModules, courses } from '@app/db/schema';
import { CONTENT_LIMITS, CONTENT_MESSAGES, moduleIdInput, renameModuleInput, reorderModulesInput, saveModuleInput } from '@app/shared/courses';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { courseViewerProcedure, communityAdminProcedure } from '../core/trpc.ts';
import { discardUpload } from '../platform/uploads/service.ts';
import { requireLevel } from './gating.ts';
import { COURSE_DOCUMENTS, COURSE_IMAGES, moduleFiles, requireNewUploads } from './files.ts';
import { sanitizeRichText } from './sanitize.ts';
import { applyOrder, contentChanged, publishedModule } from './service.ts';

/** A module's content for the editor (and for members of a visible course whose level reaches it), its files as links to the checked route. */
export const moduleContent = courseViewerProcedure.input(moduleIdInput).query(async ({ ctx, input }) => {
  const [row] = await ctx.db.select().from(courseModules).where(eq(courseModules.id, input.moduleId));
  if (!row) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.moduleNotFound);
  await requireLevel(ctx.db, ctx.community, ctx.user.id, row.requiredLevel);
  const { filesUrls, imagesUrls, ...module } = row;
  return { ...module, ...moduleFiles(row.id, { filesUrls, imagesUrls }) };
});

/** Before a new module: the course's row locked (so two new modules cannot both take the last place), and room under the cap. */
async function requireRoomForModule(tx: Queryable, courseId: string) {
  await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
  if ((await tx.$count(courseModules, eq(courseModules.courseId, courseId))) >= CONTENT_LIMITS.modulesMax) {
    throw new AppError('BAD_REQUEST', CONTENT_MESSAGES.tooManyModules(CONTENT_LIMITS.modulesMax));
  }
}

/**
 * 'Save Changes': inserts a new module under the id the editor gave it, at the end, or updates it.
 * An id that belongs to another course's module is refused rather than taken over. New files must
 * be the owner's own uploads; files left out are deleted once the change is committed. A new module
 * must fit under the course's cap.
 */
export const saveModule = communityAdminProcedure.input(saveModuleInput).mutation(async ({ ctx, input }) => {
  const { result, dropped } = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ files: courseModules.filesUrls, images: courseModules.imagesUrls })
      .from(courseModules)
      .where(and(eq(courseModules.id, input.clientId), eq(courseModules.courseId, input.courseId)))
      .for('update');
    if (!before) await requireRoomForModule(tx, input.courseId);
    await requireNewUploads(tx, COURSE_DOCUMENTS, input.documentKeys, before?.files ?? [], ctx.user.id);
    await requireNewUploads(tx, COURSE_IMAGES, input.imageKeys, before?.images ?? [], ctx.user.id);
    const values = {
      title: input.title,
      content: sanitizeRichText(input.content),
      videoUrl: input.videoUrl,
      requiredLevel: input.requiredLevel ?? null,
      filesUrls: input.documentKeys,
      imagesUrls: input.imageKeys,
    };
    const [saved] = await tx
      .insert(courseModules)
      .values({
        id: input.clientId,
        courseId: input.courseId,
        ...values,
        order: sql`(select coalesce(max(${courseModules.order}), 0) + 1 from ${courseModules} where ${courseModules.courseId} = ${input.courseId})`,
      })
      .onConflictDoUpdate({ target: courseModules.id, set: { ...values, updatedAt: sql`now()` }, setWhere: eq(courseModules.courseId, input.courseId) })
      .returning({ id: courseModules.id, createdNow: sql<boolean>`xmax = 0` });
    if (!saved) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.moduleNotFound);
    await contentChanged(tx, ctx.community.id, input.courseId);
    if (saved.createdNow) await publishedModule(tx, ctx.community.id, input.courseId, saved.id, ctx.user.id);
    const dropped = [
      ...(before?.files ?? []).filter((key) => !input.documentKeys.includes(key)).map((key) => ({ bucket: COURSE_DOCUMENTS, key })),
      ...(before?.images ?? []).filter((key) => !input.imageKeys.includes(key)).map((key) => ({ bucket: COURSE_IMAGES, key })),
    ];
    const message = saved.createdNow ? CONTENT_MESSAGES.moduleCreated : CONTENT_MESSAGES.moduleSaved;
    return { result: { id: saved.id, created: saved.createdNow, message }, dropped };
  });
  for (const file of dropped) await discardUpload(ctx.db, ctx.storage, file.bucket, file.key);
  return result;
});

/** Renaming a module in the editor's outline. */
export const renameModule = communityAdminProcedure.input(renameModuleInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const [renamed] = await tx
      .update(courseModules)
      .set({ title: input.title, updatedAt: sql`now()` })
      .where(eq(courseModules.id, input.moduleId))
      .returning({ courseId: courseModules.courseId });
    if (!renamed) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.moduleNotFound);
    await contentChanged(tx, ctx.community.id, renamed.courseId);
    return { moduleId: input.moduleId, title: input.title };
  }),
);

/** The owner deletes a module with its lessons (after confirming in the editor). */
export const deleteModule = communityAdminProcedure.input(moduleIdInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(courseModules).where(eq(courseModules.id, input.moduleId)).returning({ courseId: courseModules.courseId });
    if (!deleted) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.moduleNotFound);
    await contentChanged(tx, ctx.community.id, deleted.courseId);
    return { moduleId: input.moduleId };
  }),
);

/** The course's modules in the order given, which must name each of them once. */
export const reorderModules = communityAdminProcedure.input(reorderModulesInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await applyOrder(tx, courseModules, and(eq(courseModules.courseId, input.courseId))!, input.moduleIds);
    await contentChanged(tx, ctx.community.id, input.courseId);
    return { moduleIds: input.moduleIds };
  }),
);
