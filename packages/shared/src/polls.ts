import { z } from 'zod';
import { boundedDate, boundedText } from './input.ts';
import { POLL_LIMITS, POLL_MESSAGES, sameOption } from './plain/polls.ts';

/** Polls on posts (issue 24): 2 to 10 options, an optional closing time, one vote a member. */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/polls.ts';

const option = boundedText(POLL_LIMITS.optionMax, POLL_MESSAGES.optionTooLong).min(1, POLL_MESSAGES.optionRequired);

/** A poll as its author writes it: the options in order and, optionally, when voting ends (in the future). */
export const pollInput = z.object({
  options: z
    .array(option)
    .min(POLL_LIMITS.minOptions, POLL_MESSAGES.optionCount)
    .max(POLL_LIMITS.maxOptions, POLL_MESSAGES.optionCount)
    .refine((options) => new Set(options.map(sameOption)).size === options.length, POLL_MESSAGES.optionsDistinct),
  closesAt: boundedDate(POLL_MESSAGES.closesAt)
    .refine((date) => date.getTime() > Date.now(), POLL_MESSAGES.closesInPast)
    .nullish(),
});
export type PollInput = z.input<typeof pollInput>;

const id = (message: string) => z.uuid({ error: message });

/** The caller's choice in a post's poll (a new vote, or a changed one). */
export const votePollInput = z.object({ postId: id(POLL_MESSAGES.noPoll), optionId: id(POLL_MESSAGES.optionNotFound) });

export const closePollInput = z.object({ postId: id(POLL_MESSAGES.noPoll) });
