import { z } from 'zod';
import { boundedText } from './input.ts';
import { SIGN_IN_ERROR_CODES, type SignInErrorCode } from './constants.ts';

export const AUTH_MESSAGES = {
  acceptTerms: 'Please accept the Terms of Use before proceeding.',
  googleFailed: 'Failed to initiate Google sign-in.',
  unexpected: 'An unexpected error occurred.',
  signOutFailed: 'Sign out failed',
  fetchProfileFailed: 'Failed to fetch profile.',
  createProfileFailed: 'Failed to create profile.',
  usernameTaken: (username: string) =>
    `Failed to create profile. The generated username '${username}' might already be taken. Please try again or contact support.`,
  usernameMissing: 'Failed to generate required profile data (username).',
  /** The local sign-in stand-in refuses an e-mail whose profile signs in another way (Google). */
  localSignInRefused: 'This e-mail belongs to an account that signs in with Google, so the local sign-in cannot open it. Use another e-mail address.',
} as const;

/** Body of POST /auth/dev/sign-in, the local stand-in for Google outside production. */
export const devSignInInput = z.object({
  email: boundedText(254, 'Please enter a valid email.', { trim: false }).pipe(z.email('Please enter a valid email.')),
  name: boundedText(100).optional(),
  picture: boundedText(2048, 'Please enter a valid URL.', { trim: false }).pipe(z.url('Please enter a valid URL.')).optional(),
  returnTo: boundedText(2048, undefined, { trim: false }).optional(),
});
export type DevSignInInput = z.infer<typeof devSignInInput>;

export { SIGN_IN_ERROR_CODES, type SignInErrorCode };
