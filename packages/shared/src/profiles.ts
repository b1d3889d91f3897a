import { z } from 'zod';
import { CATEGORY_VALUES, COMMUNITY_LANGUAGE_VALUES, EMAIL_DIGESTS, LIMITS, NOTIFY_ME_ABOUT } from './constants.ts';
import { boundedText } from './input.ts';
import { MAX_PROFILE_URLS, PROFILE_MESSAGES } from './plain/profiles.ts';

/** The profile form and notification preferences (spec sections 5 and 8): their inputs. */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/profiles.ts';

/** An http(s) URL (measured before it is parsed); `javascript:` and other schemes are refused. */
export const webUrl = boundedText(2048, PROFILE_MESSAGES.url, { invalid: PROFILE_MESSAGES.url, trim: false }).pipe(
  z.url({ protocol: /^https?$/, error: PROFILE_MESSAGES.url }),
);

/** Empty text means "none": the form sends '' and the database stores null. */
const emptyToNull = (value: string) => (value === '' ? null : value);

export const usernameSchema = boundedText(LIMITS.usernameMax, PROFILE_MESSAGES.usernameMax)
  .min(LIMITS.usernameMin, PROFILE_MESSAGES.usernameMin)
  .regex(/^[A-Za-z0-9_]+$/, PROFILE_MESSAGES.usernameChars);

export const updateProfileInput = z.object({
  username: usernameSchema,
  contactEmail: boundedText(254, PROFILE_MESSAGES.contactEmail)
    .refine((v) => v === '' || z.email().safeParse(v).success, PROFILE_MESSAGES.contactEmail)
    .transform(emptyToNull),
  bio: boundedText(LIMITS.bioMax, PROFILE_MESSAGES.bioMax)
    .refine((v) => v === '' || v.length >= LIMITS.bioMin, PROFILE_MESSAGES.bioMin)
    .transform(emptyToNull),
  urls: z.array(boundedText(2048, PROFILE_MESSAGES.url).pipe(webUrl)).max(MAX_PROFILE_URLS, PROFILE_MESSAGES.tooManyUrls),
  category: z.enum(CATEGORY_VALUES).nullable(),
  language: z.enum(COMMUNITY_LANGUAGE_VALUES).nullable(),
  /** null, the current avatar, or an avatar this user uploaded (checked on the server). */
  avatarUrl: boundedText(2048, undefined, { trim: false }).nullable(),
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

export const notificationsInput = z.object({
  notifyMeAbout: z.enum(NOTIFY_ME_ABOUT, { error: PROFILE_MESSAGES.notifyRequired }),
  communicationEmails: z.boolean(),
  marketingEmails: z.boolean(),
  socialEmails: z.boolean(),
  /** Always on: security e-mails cannot be turned off. */
  securityEmails: z.literal(true).default(true),
  mobileSettings: z.boolean(),
  /** 'Notify me about' for phones and tablets (their pushes), while mobileSettings is on. */
  mobileNotifyMeAbout: z.enum(NOTIFY_ME_ABOUT, { error: PROFILE_MESSAGES.notifyRequired }).default('all'),
  /** How often the digest of the most active posts is e-mailed (with communication e-mails on). */
  emailDigest: z.enum(EMAIL_DIGESTS).default('weekly'),
});
export type NotificationsInput = z.input<typeof notificationsInput>;

/** 'Hide my online status' (settings): hidden people are never counted online nor shown with a dot. */
export const presenceInput = z.object({ hidden: z.boolean() });

export const byUsernameInput = z.object({
  username: boundedText(64).min(1, PROFILE_MESSAGES.missingUsername),
});
