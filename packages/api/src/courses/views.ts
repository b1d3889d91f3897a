import type { Queryable } from '@app/db';
import { courses, lessons } from '@app/db/schema';
import { CONTENT_MESSAGES } from '@app/shared/courses';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../errors.ts';
import { lessonFilePath } from './files.ts';
import { courseCard, courseOutline } from './service.ts';

/** Who is looking, in which community (the caller has checked they may see the course). */
export interface CourseViewer {
  userId: string;
  community: { name: string; ownerId: string };
}

/** A course with its outline: what the learning view and the editor open with (courses.byId). */
export async function courseView(db: Queryable, courseId: string, { userId, community }: CourseViewer) {
  const isOwner = community.ownerId === userId;
  const [course, modules, coverKey] = await Promise.all([
    courseCard(db, courseId, userId),
    courseOutline(db, courseId, userId),
    isOwner ? db.select({ key: courses.coverUrl }).from(courses).where(eq(courses.id, courseId)).then(([row]) => row?.key ?? null) : null,
  ]);
  // The cover's storage key only for the owner's editor, which sends it back to keep the cover.
  return { ...course, coverKey, communityName: community.name, isOwner, modules };
}

/**
 * A lesson to learn from (or edit): its title, video, rich content, a link to its resource, and
 * whether the viewer finished it; the resource's storage key only for the owner's editor (courses.lesson).
 */
export async function lessonView(db: Queryable, lessonId: string, { userId, community }: CourseViewer) {
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
      completed: sql<boolean>`exists (select 1 from lesson_completions done where done.lesson_id = ${lessons.id} and done.user_id = ${userId})`,
    })
    .from(lessons)
    .where(eq(lessons.id, lessonId));
  if (!row) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.lessonNotFound);
  const isOwner = community.ownerId === userId;
  return { ...row, fileKey: isOwner ? row.fileKey : null, fileUrl: row.fileKey ? lessonFilePath(row.id) : null };
}
