import { notificationPreferences } from '@app/db/schema';
import { NOTIFICATION_DEFAULTS } from '@app/shared/constants';
import { notificationsInput } from '@app/shared/profiles';
import { eq } from 'drizzle-orm';
import { protectedProcedure } from '../core/trpc.ts';

const columns = {
  notifyMeAbout: notificationPreferences.notifyMeAbout,
  communicationEmails: notificationPreferences.communicationEmails,
  marketingEmails: notificationPreferences.marketingEmails,
  socialEmails: notificationPreferences.socialEmails,
  securityEmails: notificationPreferences.securityEmails,
  mobileSettings: notificationPreferences.mobileSettings,
  emailDigest: notificationPreferences.emailDigest,
};

/** The signed-in user's notification preferences (the spec's defaults until they are saved). */
export const notifications = protectedProcedure.query(async ({ ctx }) => {
  const [row] = await ctx.db.select(columns).from(notificationPreferences).where(eq(notificationPreferences.userId, ctx.user.id));
  return row ?? { ...NOTIFICATION_DEFAULTS };
});

export const updateNotifications = protectedProcedure.input(notificationsInput).mutation(async ({ ctx, input }) => {
  const values = { ...input, securityEmails: true, updatedAt: new Date() };
  const [row] = await ctx.db
    .insert(notificationPreferences)
    .values({ userId: ctx.user.id, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values })
    .returning(columns);
  return row!;
});
