import { notificationPreferences } from '@app/db/schema';
import { NOTIFICATION_DEFAULTS } from '@app/shared/constants';
import { notificationsInput } from '@app/shared/profiles';
import { eq } from 'drizzle-orm';
import { protectedProcedure } from '../core/trpc.ts';
import { bellTopic } from '../notifications/events.ts';
import { publish } from '../platform/live/publish.ts';

const columns = {
  notifyMeAbout: notificationPreferences.notifyMeAbout,
  communicationEmails: notificationPreferences.communicationEmails,
  marketingEmails: notificationPreferences.marketingEmails,
  socialEmails: notificationPreferences.socialEmails,
  securityEmails: notificationPreferences.securityEmails,
  mobileSettings: notificationPreferences.mobileSettings,
  mobileNotifyMeAbout: notificationPreferences.mobileNotifyMeAbout,
  emailDigest: notificationPreferences.emailDigest,
};

/** The signed-in user's notification preferences (the spec's defaults until they are saved). */
export const notifications = protectedProcedure.query(async ({ ctx }) => {
  const [row] = await ctx.db.select(columns).from(notificationPreferences).where(eq(notificationPreferences.userId, ctx.user.id));
  return row ?? { ...NOTIFICATION_DEFAULTS };
});

/** Saves them; the person's bells on every device refetch, since what they count follows 'Notify me about'. */
export const updateNotifications = protectedProcedure.input(notificationsInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const values = { ...input, securityEmails: true, updatedAt: new Date() };
    const [row] = await tx
      .insert(notificationPreferences)
      .values({ userId: ctx.user.id, ...values })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: values })
      .returning(columns);
    await publish(tx, bellTopic(ctx.user.id), { type: 'notifications.changed' });
    return row!;
  }),
);
