import { SIGN_IN_ERROR_CODES, type SignInErrorCode } from '../constants.ts';

/**
 * Signing in, without zod: the messages, limits and helpers that auth.ts re-exports beside its
 * schemas, for the web app to import without building them (packages/shared/README.md).
 */

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

export { SIGN_IN_ERROR_CODES, type SignInErrorCode };
