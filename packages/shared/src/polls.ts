import { z } from 'zod';
import { boundedDate, boundedText } from './input.ts';

/** Polls on posts (issue 24): 2 to 10 options, an optional closing time, one vote a member. */

export const POLL_LIMITS = { minOptions: 2, maxOptions: 10, optionMax: 100 } as const;

export const POLL_MESSAGES = {
  optionRequired: 'Write each poll option, or remove it.',
  optionTooLong: `A poll option can be at most ${POLL_LIMITS.optionMax} characters.`,
  optionCount: `A poll has between ${POLL_LIMITS.minOptions} and ${POLL_LIMITS.maxOptions} options.`,
  optionsDistinct: 'Each poll option must be different.',
  closesAt: 'Choose a valid closing time.',
  closesInPast: 'The closing time must be in the future.',
  noPoll: 'This post has no poll.',
  optionNotFound: 'This option is not part of the poll.',
  closed: 'This poll is closed.',
  optionsLocked: 'The options cannot change after the first vote.',
} as const;

/** Options compare without case or surrounding spaces: 'Yes' and ' yes' are the same choice. */
export const sameOption = (label: string) => label.trim().toLocaleLowerCase();

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

/** A poll's share of the votes for one option, 0 to 1 (0 when nobody voted). */
export const shareOf = (votes: number, total: number) => (total > 0 ? votes / total : 0);
