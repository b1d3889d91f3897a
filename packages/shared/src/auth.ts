import { z } from 'zod';

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
} as const;

/** Body of POST /auth/dev/sign-in, the local stand-in for Google outside production. */
export const devSignInInput = z.object({
  email: z.email('Please enter a valid email.').max(254),
  name: z.string().trim().max(100).optional(),
  picture: z.url('Please enter a valid URL.').max(2048).optional(),
  returnTo: z.string().optional(),
});
export type DevSignInInput = z.infer<typeof devSignInInput>;

/** Error codes the server puts in /login?error=… after a failed sign-in. */
export const SIGN_IN_ERROR_CODES = ['state', 'provider', 'token', 'unverified', 'profile', 'unexpected'] as const;
export type SignInErrorCode = (typeof SIGN_IN_ERROR_CODES)[number];
