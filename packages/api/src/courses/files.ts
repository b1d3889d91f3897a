import type { Queryable } from '@app/db';
import { courseModules, lessons } from '@app/db/schema';
import { CONTENT_MESSAGES } from '@app/shared/courses';
import { contentTypeOfKey, type BucketName } from '@app/shared/uploads';
import { eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { requireLevel, type GateCommunity } from './gating.ts';
import { requireOwnUpload } from '../platform/uploads/service.ts';

/**
 * Files of a course's modules and lessons: kept as storage keys in private buckets (documents in
 * 'documents-courses', images in 'images-courses'), served by /api/course-modules/{id}/files/{key}
 * and /api/lessons/{id}/file to those who may see the course.
 */
export const COURSE_DOCUMENTS: BucketName = 'documents-courses';
export const COURSE_IMAGES: BucketName = 'images-courses';

export const moduleFilePath = (moduleId: string, key: string) => `/api/course-modules/${moduleId}/files/${key}`;
export const lessonFilePath = (lessonId: string) => `/api/lessons/${lessonId}/file`;

/** The bucket a course file's key is in: the upload route gives every key the extension of what it stored. */
export function courseFileBucket(key: string): BucketName {
  return contentTypeOfKey(key)?.startsWith('image/') ? COURSE_IMAGES : COURSE_DOCUMENTS;
}

/** A module's files as the editor and the learning view use them. */
export function moduleFiles(moduleId: string, row: { filesUrls: string[]; imagesUrls: string[] }) {
  const link = (key: string) => ({ key, url: moduleFilePath(moduleId, key) });
  return { documents: row.filesUrls.map(link), images: row.imagesUrls.map(link) };
}

/** Refuses any of `keys` not already kept (`kept`) unless it is the owner's own upload in `bucket`. */
export async function requireNewUploads(tx: Queryable, bucket: BucketName, keys: string[], kept: readonly string[], userId: string) {
  for (const key of keys) {
    if (!kept.includes(key)) await requireOwnUpload(tx, bucket, key, userId, CONTENT_MESSAGES.fileUploadFailed);
  }
}

interface Located {
  bucket: BucketName;
  key: string;
  contentType: string;
}

const located = (bucket: BucketName, key: string): Located => ({ bucket, key, contentType: contentTypeOfKey(key) ?? 'application/octet-stream' });

/** One of a module's files, by key: only keys the module holds are served (the caller has checked who may see it). */
export async function moduleFile(db: Queryable, moduleId: string, key: string, viewer: FileViewer): Promise<Located> {
  const [row] = await db
    .select({ files: courseModules.filesUrls, images: courseModules.imagesUrls, requiredLevel: courseModules.requiredLevel })
    .from(courseModules)
    .where(eq(courseModules.id, moduleId));
  if (row) await requireLevel(db, viewer.community, viewer.userId, row.requiredLevel);
  if (row?.files.includes(key)) return located(COURSE_DOCUMENTS, key);
  if (row?.images.includes(key)) return located(COURSE_IMAGES, key);
  throw new AppError('NOT_FOUND', CONTENT_MESSAGES.moduleNotFound);
}

/** Who asks for a course file (the caller has checked they may see the course): files of a module above their level are refused. */
export interface FileViewer {
  userId: string;
  community: GateCommunity;
}

/** A lesson's resource ('Download Resource'). */
export async function lessonFile(db: Queryable, lessonId: string, viewer: FileViewer): Promise<Located> {
  const [row] = await db
    .select({ key: lessons.fileUrl, requiredLevel: courseModules.requiredLevel })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(lessons.id, lessonId));
  if (row) await requireLevel(db, viewer.community, viewer.userId, row.requiredLevel);
  if (!row?.key) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.lessonNotFound);
  return located(courseFileBucket(row.key), row.key);
}
