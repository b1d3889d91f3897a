/**
 * A community's post categories and the feed's sorts, without zod: the messages, limits and helpers
 * that categories.ts re-exports beside its schemas, for the web app to import without building them
 * (packages/shared/README.md).
 */

export const MAX_CATEGORIES = 10;
export const CATEGORY_NAME_MAX = 30;

export const CATEGORY_MESSAGES = {
  notFound: 'This category no longer exists.',
  nameRequired: 'Give the category a name.',
  nameTooLong: `A category name can be at most ${CATEGORY_NAME_MAX} characters.`,
  emoji: 'Choose one emoji for the category.',
  tooMany: `A community can have at most ${MAX_CATEGORIES} categories.`,
  nameTaken: 'This community already has a category with that name.',
  order: "List each of the community's categories once, in their new order.",
} as const;

/** The feed's orders: newest posts, most liked in the last 7 days, latest comment (a post without one counts from its posting). */
export const FEED_SORTS = ['new', 'top', 'active'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];
/** How far back 'top' counts likes. */
export const TOP_DAYS = 7;

const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/** Exactly one emoji (one grapheme, flags and joined sequences included). */
export function isOneEmoji(value: string): boolean {
  if (!PICTOGRAPHIC.test(value)) return false;
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)];
  return graphemes.length === 1;
}
