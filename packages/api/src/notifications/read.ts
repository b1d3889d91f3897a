import { notificationMutes, notifications } from '@app/db/schema';
import { muteInput, NOTIFICATION_MESSAGES, notificationIdInput, notificationSubscriptionInput } from '@app/shared/notifications';
import { COMMUNITY_MESSAGES, communityIdInput } from '@app/shared/communities';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { liveSubscription } from '../core/subscription.ts';
import { memberProcedure, protectedProcedure } from '../core/trpc.ts';
import { publish } from '../platform/live/publish.ts';
import { bellTopic } from './events.ts';

/** Marks one of the caller's notifications read (when they open it); another's is NOT_FOUND. */
export const markRead = protectedProcedure.input(notificationIdInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, input.id), eq(notifications.recipientId, ctx.user.id)))
      .returning({ id: notifications.id });
    if (!row) throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
    await publish(tx, bellTopic(ctx.user.id), { type: 'notifications.changed' });
    return { id: row.id };
  }),
);

/** 'Mark all as read'. */
export const markAllRead = protectedProcedure.mutation(({ ctx }) =>
  ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.recipientId, ctx.user.id), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    await publish(tx, bellTopic(ctx.user.id), { type: 'notifications.changed' });
    return { marked: rows.length };
  }),
);

/** Whether the caller muted this community (a member's own switch). */
export const muted = memberProcedure.input(communityIdInput).query(async ({ ctx }) => {
  const count = await ctx.db.$count(notificationMutes, and(eq(notificationMutes.userId, ctx.user.id), eq(notificationMutes.communityId, ctx.community.id)));
  return { muted: count > 0 };
});

/** A member mutes (or unmutes) a community: nothing from it reaches their bell, e-mail or devices. */
export const mute = memberProcedure.input(muteInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const key = and(eq(notificationMutes.userId, ctx.user.id), eq(notificationMutes.communityId, ctx.community.id));
    if (input.muted) await tx.insert(notificationMutes).values({ userId: ctx.user.id, communityId: ctx.community.id }).onConflictDoNothing();
    else await tx.delete(notificationMutes).where(key);
    await publish(tx, bellTopic(ctx.user.id), { type: 'notifications.changed' });
    return { muted: input.muted };
  }),
);

/** A ping to each of the caller's bells whenever their notifications change: the bell refetches its count. */
export const onChange = protectedProcedure.input(notificationSubscriptionInput).subscription(async function* ({ ctx, input, signal }) {
  yield* liveSubscription({
    ctx,
    topic: bellTopic(ctx.user.id),
    lastEventId: input.lastEventId,
    signal,
    map: (event) => (event.type === 'notifications.changed' ? event : null),
    refusal: COMMUNITY_MESSAGES.membersOnly,
  });
});

