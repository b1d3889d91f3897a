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
