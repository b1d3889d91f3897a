import { z } from 'zod';

/** Pinned posts (issue 24): at most MAX_PINS a community lead its feed, in the order pinned. */

export const MAX_PINS = 3;

export const PIN_MESSAGES = {
  tooMany: `At most ${MAX_PINS} posts can be pinned. Unpin one first.`,
  notFound: 'This post no longer exists.',
} as const;

export const pinPostInput = z.object({ postId: z.uuid({ error: PIN_MESSAGES.notFound }) });
