import type { Queryable } from '@app/db';
import { courseModules, courses, lessons } from '@app/db/schema';
import { CONTENT_MESSAGES } from '@app/shared/courses';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { lessonFilePath } from './files.ts';
import { isLocked, requireLevel, viewerLevel } from './gating.ts';
import { courseCard, courseOutline } from './service.ts';

/** Who is looking, in which community (the caller has checked they may see the course). */
export interface CourseViewer {
  userId: string;
  community: { id: string; name: string; ownerId: string };
  /** The viewer edits the community's courses (its owner or an admin): `isOwner` and the storage keys are for them. */
  administers: boolean;
}

/** A course with its outline: what the learning view and the editor open with (courses.byId). */
export async function courseView(db: Queryable, courseId: string, { userId, community, administers: isOwner }: CourseViewer) {
  const [course, outline, coverKey, level] = await Promise.all([
    courseCard(db, courseId, userId),
    courseOutline(db, courseId, userId),
    isOwner ? db.select({ key: courses.coverUrl }).from(courses).where(eq(courses.id, courseId)).then(([row]) => row?.key ?? null) : null,
    viewerLevel(db, community, userId),
  ]);
  // A module above the viewer's level shows, locked, with the level it needs.
  const modules = outline.map((module) => ({ ...module, locked: isLocked(module.requiredLevel, level) }));
  // The cover's storage key only for the owner's editor, which sends it back to keep the cover.
  return { ...course, coverKey, communityName: community.name, isOwner, viewerLevel: level, modules };
}

/**
 * A lesson to learn from (or edit), refused while its module is above the viewer's level: its title, video, rich content, a link to its resource, and
 * whether the viewer finished it; the resource's storage key only for the owner's editor (courses.lesson).
 */
export async function lessonView(db: Queryable, lessonId: string, { userId, community, administers }: CourseViewer) {
  const [row] = await db
    .select({
      id: lessons.id,
      moduleId: lessons.moduleId,
      title: lessons.title,
      order: lessons.order,
      videoUrl: lessons.videoUrl,
      content: lessons.content,
      fileKey: lessons.fileUrl,
      updatedAt: lessons.updatedAt,
      requiredLevel: courseModules.requiredLevel,
      completed: sql<boolean>`exists (select 1 from lesson_completions done where done.lesson_id = ${lessons.id} and done.user_id = ${userId})`,
    })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(lessons.id, lessonId));
  if (!row) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.lessonNotFound);
  await requireLevel(db, community, userId, row.requiredLevel);
  return { ...row, fileKey: administers ? row.fileKey : null, fileUrl: row.fileKey ? lessonFilePath(row.id) : null };
}
