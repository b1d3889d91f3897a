import { z } from 'zod';
import { boundedText } from './input.ts';
import { COMMUNITY_MESSAGES } from './plain/communities.ts';
import { SEARCH_LIMITS, SEARCH_MESSAGES } from './plain/search.ts';

/** Search inside a community (issue 24): its input (the text helpers: plain/search.ts). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/search.ts';

export const searchInput = z.object({
  communityId: z.uuid({ error: COMMUNITY_MESSAGES.notFound }),
  query: boundedText(SEARCH_LIMITS.maxQuery, SEARCH_MESSAGES.tooLong).pipe(z.string().min(SEARCH_LIMITS.minQuery, SEARCH_MESSAGES.tooShort)),
  perKind: z.int().min(1).max(SEARCH_LIMITS.maxPerKind).default(SEARCH_LIMITS.defaultPerKind),
});
export type SearchInput = z.input<typeof searchInput>;
