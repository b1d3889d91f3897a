import { communities, communityEvents, courseModules, courses, feedbacks, lessons, messages, posts, profiles, uploads } from '@app/db/schema';
import type { BucketName } from '@app/shared/uploads';
import { publicUploadUrl } from '@app/shared/uploads';
import { and, getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** An upload as SQL expressions: the columns of an `uploads` row, or literal values. */
export interface UploadExpr {
  bucket: AnyColumn | SQL;
  key: AnyColumn | SQL;
}

/** A column that holds upload keys or URLs, and the SQL telling whether some row of it names an upload. */
export interface UploadReference {
  /** `table.column`, for logs and tests. */
  column: string;
  /** True when some row names the upload. */
  names(upload: UploadExpr): SQL;
}

const nameOf = (column: PgColumn) => `${getTableName(column.table)}.${column.name}`;
const inBuckets = (upload: UploadExpr, buckets: readonly BucketName[]) =>
  sql`${upload.bucket} in (${sql.join(
    buckets.map((b) => sql`${b}`),
    sql`, `,
  )})`;

/** The column holds the storage key itself, of an upload in one of `buckets`. */
function key(column: PgColumn, buckets: readonly BucketName[]): UploadReference {
  return {
    column: nameOf(column),
    names: (upload) => sql`exists (select 1 from ${column.table} where ${column} = ${upload.key} and ${inBuckets(upload, buckets)})`,
  };
}

/** The column holds the URL the upload route answered for a public bucket (`/uploads/{bucket}/{key}`). */
function publicUrl(column: PgColumn, bucket: BucketName): UploadReference {
  return {
    column: nameOf(column),
    names: (upload) =>
      sql`exists (select 1 from ${column.table} where ${column} = ${publicUploadUrl(bucket, '')} || ${upload.key} and ${upload.bucket} = ${bucket})`,
  };
}

/** The text[] column holds storage keys, of uploads in `bucket`. */
function anyKey(column: PgColumn, bucket: BucketName): UploadReference {
  return {
    column: nameOf(column),
    names: (upload) => sql`exists (select 1 from ${column.table} where ${upload.key} = any(${column}) and ${upload.bucket} = ${bucket})`,
  };
}

/**
 * Every column that refers to stored uploads. The sweeper deletes an upload a day old that none of
 * them names, so a domain that starts keeping upload keys or URLs in a column adds a line here,
 * or its files disappear a day after they are uploaded.
 */
export const UPLOAD_REFERENCES: readonly UploadReference[] = [
  publicUrl(profiles.avatarUrl, 'avatars'),
  publicUrl(communities.logoUrl, 'community-logos'),
  key(posts.attachmentKey, ['documents-post']),
  // The message's attachment type picks one of the two buckets; a key is never in both.
  key(messages.attachmentKey, ['chat-images', 'chat-documents']),
  // The course's cover: its storage key (served by /api/courses/{id}/cover to those who may see the course).
  key(courses.coverUrl, ['course_covers']),
  // A module's documents and images, and a lesson's resource (a document or an image): storage keys.
  anyKey(courseModules.filesUrls, 'documents-courses'),
  anyKey(courseModules.imagesUrls, 'images-courses'),
  key(lessons.fileUrl, ['documents-courses', 'images-courses']),
  // An event's cover (calendar.create and calendar.update): its storage key, served by /api/events/{id}/cover to members.
  key(communityEvents.coverImageUrl, ['event-covers']),
  // A feedback's attachment (feedback.create): its storage key, served by /api/feedbacks/{id}/media to signed-in people.
  key(feedbacks.mediaUrl, ['documents-feedbacks']),
];

/** True when no column of the registry names the upload (by default, the `uploads` row in scope). */
export function unreferenced(upload: UploadExpr = { bucket: uploads.bucket, key: uploads.key }): SQL {
  // One NOT EXISTS per column, so Postgres can plan each as an anti-join.
  return and(...UPLOAD_REFERENCES.map((reference) => sql`not ${reference.names(upload)}`))!;
}
