import { z } from 'zod';
import { boundedText } from './input.ts';
import { COMMUNITY_MESSAGES } from './plain/communities.ts';
import { MENTION_MAX, MENTION_MESSAGES, MENTION_TOKEN_LENGTH, mentionedIds, visibleLength } from './plain/mentions.ts';

/** @mentions' schemas: a text that may mention people, and the mention picker's search (the format: plain/mentions.ts). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/mentions.ts';

/**
 * A text that may mention people: at most `max` characters as its reader sees them (trimmed), at
 * most MENTION_MAX people. The stored length is bounded first, so no pattern runs on more.
 */
export function mentionText(max: number, tooLong: string) {
  return boundedText(max + MENTION_MAX * (MENTION_TOKEN_LENGTH - 1), tooLong)
    .refine((text) => visibleLength(text) <= max, { error: tooLong, abort: true })
    .refine((text) => mentionedIds(text).length <= MENTION_MAX, { error: MENTION_MESSAGES.tooMany, abort: true });
}

/** Who may be searched for: a short bounded search of names. */
export const mentionableInput = z.object({
  communityId: z.uuid({ error: COMMUNITY_MESSAGES.notFound }),
  search: boundedText(30).default(''),
});
