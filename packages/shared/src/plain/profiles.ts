import { ownUploadKey } from '../uploads.ts';

/**
 * Profiles, without zod: the messages, limits and helpers that profiles.ts re-exports beside its
 * schemas, for the web app to import without building them (packages/shared/README.md).
 */

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

/** The storage key of an avatar our upload route produced for `userId`, else null. */
export function ownAvatarKey(url: string, userId: string): string | null {
  return ownUploadKey(url, 'avatars', userId);
}
