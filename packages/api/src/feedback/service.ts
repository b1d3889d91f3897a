import type { Queryable } from '@app/db';
import { feedbackComments, feedbacks, profiles } from '@app/db/schema';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, feedbackIdInput, feedbackMediaType, type FeedbackMediaType, type listFeedbackInput } from '@app/shared/feedback';
import { contentTypeOfKey } from '@app/shared/uploads';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../core/errors.ts';
import { cursorTime, olderThan, pageOf } from '../platform/cursor.ts';

/** Feedback attachments live in a private bucket, served by GET /api/feedbacks/{id}/media to signed-in people. */
export const FEEDBACK_MEDIA_BUCKET = 'documents-feedbacks';

const authorColumns = { id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl };

/** A card's columns: the feedback, its author and comment count, in the one query that lists the page. */
const feedbackColumns = {
  id: feedbacks.id,
  content: feedbacks.content,
  rating: feedbacks.rating,
  videoUrl: feedbacks.videoUrl,
  mediaKey: feedbacks.mediaUrl,
  createdAt: feedbacks.createdAt,
  updatedAt: feedbacks.updatedAt,
  edited: sql<boolean>`${feedbacks.updatedAt} > ${feedbacks.createdAt}`,
  author: authorColumns,
  commentCount: sql<number>`(select count(*)::int from ${feedbackComments} where ${feedbackComments.feedbackId} = ${feedbacks.id})`,
};

type FeedbackRow = { mediaKey: string | null } & Record<string, unknown>;

export interface FeedbackMedia {
  /** Where the file is served (signed-in people only); never the storage key. */
  url: string;
  type: FeedbackMediaType;
  contentType: string;
}

/** The row as the wall shows it: the storage key becomes the media's route, type and content type. */
function toItem<R extends FeedbackRow & { id: string }>({ mediaKey, ...row }: R) {
  const contentType = mediaKey ? contentTypeOfKey(mediaKey) : null;
  const media: FeedbackMedia | null = contentType ? { url: `/api/feedbacks/${row.id}/media`, type: feedbackMediaType(contentType), contentType } : null;
  return { ...row, media };
}

async function feedbackWhere(db: Queryable, where: SQL) {
  const [row] = await db.select(feedbackColumns).from(feedbacks).innerJoin(profiles, eq(profiles.id, feedbacks.userId)).where(where);
  return row ? toItem(row) : null;
}

/** The feedback as it is now (for answers and live subscribers); null once deleted. */
export const currentFeedback = (db: Queryable, feedbackId: string) => feedbackWhere(db, eq(feedbacks.id, feedbackId));

export type FeedbackItem = NonNullable<Awaited<ReturnType<typeof currentFeedback>>>;

/** The feedback, or NOT_FOUND in its own words. */
export async function feedbackItem(db: Queryable, feedbackId: string): Promise<FeedbackItem> {
  const item = await currentFeedback(db, feedbackId);
  if (!item) throw new AppError('NOT_FOUND', FEEDBACK_MESSAGES.notFound);
  return item;
}

/** A page of the wall, newest first. */
export async function wallPage(db: Queryable, input: z.output<typeof listFeedbackInput>) {
  const rows = await db
    .select({ ...feedbackColumns, cursorAt: cursorTime(feedbacks.createdAt) })
    .from(feedbacks)
    .innerJoin(profiles, eq(profiles.id, feedbacks.userId))
    .where(input.cursor ? olderThan(feedbacks.createdAt, feedbacks.id, input.cursor) : undefined)
    .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
    .limit(input.limit + 1);
  const page = pageOf(rows, input.limit);
  return { items: page.items.map(toItem), nextCursor: page.nextCursor };
}

/**
 * Refuses (NOT_FOUND) unless the feedback exists. With `lock`, it is also kept from being deleted
 * until the caller's transaction ends (a comment written meanwhile is never left without it).
 */
export async function requireFeedback(db: Queryable, feedbackId: string, { lock = false } = {}): Promise<void> {
  const query = db.select({ id: feedbacks.id }).from(feedbacks).where(eq(feedbacks.id, feedbackId));
  const [row] = lock ? await query.for('share') : await query;
  if (!row) throw new AppError('NOT_FOUND', FEEDBACK_MESSAGES.notFound);
}

const commentColumns = {
  id: feedbackComments.id,
  feedbackId: feedbackComments.feedbackId,
  text: feedbackComments.text,
  createdAt: feedbackComments.createdAt,
  author: authorColumns,
};

/** A feedback's comments, oldest first. */
export function commentsOf(db: Queryable, feedbackId: string) {
  return db
    .select(commentColumns)
    .from(feedbackComments)
    .innerJoin(profiles, eq(profiles.id, feedbackComments.userId))
    .where(eq(feedbackComments.feedbackId, feedbackId))
    .orderBy(asc(feedbackComments.createdAt), asc(feedbackComments.id))
    .limit(FEEDBACK_LIMITS.commentsMax);
}

/** The comment as it is now; null once deleted. */
export async function currentComment(db: Queryable, commentId: string) {
  const [comment] = await db.select(commentColumns).from(feedbackComments).innerJoin(profiles, eq(profiles.id, feedbackComments.userId)).where(eq(feedbackComments.id, commentId));
  return comment ?? null;
}

export type FeedbackComment = NonNullable<Awaited<ReturnType<typeof currentComment>>>;

export async function commentCount(db: Queryable, feedbackId: string) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(feedbackComments).where(eq(feedbackComments.feedbackId, feedbackId));
  return row?.n ?? 0;
}

/** The stored file attached to a feedback (the caller has checked the viewer is signed in). */
export async function feedbackMedia(db: Queryable, feedbackId: string) {
  const [row] = feedbackIdInput.safeParse({ feedbackId }).success ? await db.select({ key: feedbacks.mediaUrl }).from(feedbacks).where(eq(feedbacks.id, feedbackId)) : [];
  const contentType = row?.key ? contentTypeOfKey(row.key) : null;
  if (!row?.key || !contentType) throw new AppError('NOT_FOUND', FEEDBACK_MESSAGES.notFound);
  return { bucket: FEEDBACK_MEDIA_BUCKET, key: row.key, contentType } as const;
}
