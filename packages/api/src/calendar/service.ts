import type { Queryable } from '@app/db';
import { communityEvents } from '@app/db/schema';
import { EVENT_MESSAGES } from '@app/shared/calendar';
import { contentTypeOfKey, type BucketName } from '@app/shared/uploads';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { publish } from '../platform/live/publish.ts';
import { calendarTopic, type CommunityEventChange } from './events.ts';

export const EVENT_COVER_BUCKET: BucketName = 'event-covers';

/** What the calendar, the upcoming list and an event's panel show; times are UTC instants. */
export const eventColumns = {
  id: communityEvents.id,
  communityId: communityEvents.communityId,
  title: communityEvents.title,
  description: communityEvents.description,
  startsAt: communityEvents.startTimestamp,
  endsAt: communityEvents.endTimestamp,
  meetingLink: communityEvents.meetingLink,
  videoUrl: communityEvents.videoUrl,
  reminderMinutes: communityEvents.reminderMinutes,
  // Served by GET /api/events/{id}/cover, to members only (never from a public bucket).
  coverUrl: sql<string | null>`case when ${communityEvents.coverImageUrl} is null then null else '/api/events/' || ${communityEvents.id} || '/cover' end`,
  createdAt: communityEvents.createdAt,
};

/** One event (the caller has checked the viewer is a member); the cover's storage key only for the owner's form. */
export async function eventView(db: Queryable, eventId: string, isOwner: boolean) {
  const [row] = await db
    .select({ ...eventColumns, coverKey: communityEvents.coverImageUrl })
    .from(communityEvents)
    .where(eq(communityEvents.id, eventId));
  if (!row) throw new AppError('NOT_FOUND', EVENT_MESSAGES.notFound);
  return { ...row, coverKey: isOwner ? row.coverKey : null };
}

export type EventView = Awaited<ReturnType<typeof eventView>>;

/** Where an event's cover is stored (the caller has checked the viewer is a member). */
export async function eventCover(db: Queryable, eventId: string) {
  const [row] = await db.select({ key: communityEvents.coverImageUrl }).from(communityEvents).where(eq(communityEvents.id, eventId));
  if (!row?.key) throw new AppError('NOT_FOUND', EVENT_MESSAGES.notFound);
  return { bucket: EVENT_COVER_BUCKET, key: row.key, contentType: contentTypeOfKey(row.key) ?? 'application/octet-stream' };
}

/** Tells the community's open pages, in the change's transaction. */
export function announceEvent(tx: Queryable, communityId: string, event: CommunityEventChange) {
  return publish(tx, calendarTopic(communityId), event);
}
