import { z } from 'zod';
import { ownUploadKey } from './uploads.ts';
import { CATEGORY_VALUES, COMMUNITY_LANGUAGE_VALUES, EMAIL_DIGESTS, LIMITS, NOTIFY_ME_ABOUT } from './constants.ts';
import { boundedText } from './input.ts';

/** Rules for the profile created at first sign-in (spec section 5). */

export const USERNAME_SUFFIX_DIGITS = 6;

/** Lowercased e-mail local part, only a-z, 0-9 and '_' kept; 'user' when nothing is left. */
export function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local.toLowerCase().replace(/[^a-z0-9_]/g, '');
  return cleaned.length > 0 ? cleaned : 'user';
}

/**
 * The generated username: base + '_' + six digits. The spec takes the last six digits of the
 * current timestamp; a retry after a collision passes a different `now`.
 */
export function generateUsername(email: string, now: number = Date.now()): string {
  const digits = String(Math.abs(Math.trunc(now))).padStart(USERNAME_SUFFIX_DIGITS, '0');
  const base = usernameBase(email).slice(0, 30 - USERNAME_SUFFIX_DIGITS - 1);
  return `${base}_${digits.slice(-USERNAME_SUFFIX_DIGITS)}`;
}

export const USERNAME_PATTERN = /^[a-z0-9_]+_\d{6}$/;

/** The letter shown when there is no avatar image: first letter of the username, or 'U'. */
export function avatarLetter(username: string | null | undefined): string {
  const first = username?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}

// --- Profile form and notification preferences (spec sections 5 and 8) -------------------------


export const PROFILE_MESSAGES = {
  usernameMin: 'Username must be at least 2 characters.',
  usernameMax: 'Username must not be longer than 30 characters.',
  usernameChars: 'Username may contain only letters, numbers and underscores.',
  usernameTaken: (username: string) => `Username '${username}' is already taken.`,
  usernameTooSoon: (date: string) => `You can change your username once every 30 days. You can change it again on ${date}.`,
  email: 'Please enter a valid email.',
  contactEmail: 'Please enter a valid contact email.',
  bioMin: 'Bio must be at least 4 characters.',
  bioMax: 'Bio must not be longer than 160 characters.',
  url: 'Please enter a valid URL.',
  tooManyUrls: 'You can add up to 10 links.',
  avatar: 'Please upload your avatar image again.',
  updated: 'Profile Updated!',
  updatedBody: 'Your profile has been successfully updated.',
  updateFailed: 'Failed to update profile.',
  notifyRequired: 'You need to select a notification type.',
  missingUsername: 'The profile link is invalid or the username is missing.',
  userNotFound: 'The requested user was not found. Make sure the username in the link is correct.',
  profileLoadFailed: 'The profile could not be loaded.',
} as const;

export const MAX_PROFILE_URLS = 10;

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

/** The storage key of an avatar our upload route produced for `userId`, else null. */
export function ownAvatarKey(url: string, userId: string): string | null {
  return ownUploadKey(url, 'avatars', userId);
}
