/**
 * Polls on posts (issue 24), without zod: the messages, limits and helpers that polls.ts re-exports
 * beside its schemas, for the web app to import without building them (packages/shared/README.md).
 */

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

/** A poll's share of the votes for one option, 0 to 1 (0 when nobody voted). */
export const shareOf = (votes: number, total: number) => (total > 0 ? votes / total : 0);
