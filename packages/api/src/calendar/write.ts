import { communityEvents } from '@app/db/schema';
import { createEventInput, EVENT_MESSAGES, eventIdInput, updateEventInput } from '@app/shared/calendar';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { communityAdminProcedure } from '../core/trpc.ts';
import { discardUpload, requireOwnUpload } from '../platform/uploads/service.ts';
import { announceEvent, EVENT_COVER_BUCKET, eventView } from './service.ts';
import { fanOutLater } from '../notifications/service.ts';

type EventFields = Omit<z.output<typeof createEventInput>, 'communityId'>;

/** The row's columns for the form's fields. */
const columns = (input: EventFields) => ({
  title: input.title,
  description: input.description,
  startTimestamp: input.startsAt,
  endTimestamp: input.endsAt,
  meetingLink: input.meetingLink,
  videoUrl: input.videoUrl,
  coverImageUrl: input.coverKey,
  reminderMinutes: input.reminderMinutes,
});

/** The owner schedules an event ('Event created successfully!'). */
export const create = communityAdminProcedure.input(createEventInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    if (input.coverKey) await requireOwnUpload(tx, EVENT_COVER_BUCKET, input.coverKey, ctx.user.id, EVENT_MESSAGES.cover);
    const [row] = await tx
      .insert(communityEvents)
      .values({ communityId: ctx.community.id, createdBy: ctx.user.id, ...columns(input) })
      .returning({ id: communityEvents.id });
    await announceEvent(tx, ctx.community.id, { type: 'event.created', eventId: row!.id });
    await fanOutLater(tx, { key: `event.created:${row!.id}`, kind: 'event.created', communityId: ctx.community.id, actorId: ctx.user.id, eventId: row!.id });
    return eventView(tx, row!.id, true);
  }),
);

/** The owner changes an event ('Event updated successfully'); a replaced cover is deleted. */
export const update = communityAdminProcedure.input(updateEventInput).mutation(async ({ ctx, input }) => {
  const { event, oldCover } = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ cover: communityEvents.coverImageUrl }).from(communityEvents).where(eq(communityEvents.id, input.eventId)).for('update');
    if (input.coverKey && input.coverKey !== before?.cover) await requireOwnUpload(tx, EVENT_COVER_BUCKET, input.coverKey, ctx.user.id, EVENT_MESSAGES.cover);
    await tx.update(communityEvents).set(columns(input)).where(eq(communityEvents.id, input.eventId));
    await announceEvent(tx, ctx.community.id, { type: 'event.updated', eventId: input.eventId });
    return { event: await eventView(tx, input.eventId, true), oldCover: before?.cover ?? null };
  });
  if (oldCover && oldCover !== input.coverKey) await discardUpload(ctx.db, ctx.storage, EVENT_COVER_BUCKET, oldCover);
  return event;
});

/** The owner deletes an event after 'Are you sure you want to delete this event?'; its cover goes too. */
export const remove = communityAdminProcedure.input(eventIdInput).mutation(async ({ ctx, input }) => {
  const [deleted] = await ctx.db.transaction(async (tx) => {
    const rows = await tx.delete(communityEvents).where(eq(communityEvents.id, input.eventId)).returning({ cover: communityEvents.coverImageUrl });
    await announceEvent(tx, ctx.community.id, { type: 'event.deleted', eventId: input.eventId });
    return rows;
  });
  if (deleted?.cover) await discardUpload(ctx.db, ctx.storage, EVENT_COVER_BUCKET, deleted.cover);
  return { eventId: input.eventId };
});
