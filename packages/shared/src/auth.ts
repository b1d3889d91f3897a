import { z } from 'zod';
import { boundedText } from './input.ts';

/** Signing in: the local stand-in's input. */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/auth.ts';

/** Body of POST /auth/dev/sign-in, the local stand-in for Google outside production. */
export const devSignInInput = z.object({
  email: boundedText(254, 'Please enter a valid email.', { trim: false }).pipe(z.email('Please enter a valid email.')),
  name: boundedText(100).optional(),
  picture: boundedText(2048, 'Please enter a valid URL.', { trim: false }).pipe(z.url('Please enter a valid URL.')).optional(),
  returnTo: boundedText(2048, undefined, { trim: false }).optional(),
});
export type DevSignInInput = z.infer<typeof devSignInInput>;
