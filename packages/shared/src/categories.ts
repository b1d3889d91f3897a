import { z } from 'zod';
import { COMMUNITY_MESSAGES } from './communities.ts';
import { boundedText } from './input.ts';

/** A community's post categories and the feed's sorts (issue 24). */

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

const categoryId = z.uuid({ error: CATEGORY_MESSAGES.notFound });
const communityId = z.uuid({ error: COMMUNITY_MESSAGES.notFound });
const name = boundedText(CATEGORY_NAME_MAX, CATEGORY_MESSAGES.nameTooLong).min(1, CATEGORY_MESSAGES.nameRequired);
// A joined emoji (a family, a flag with a modifier) runs to about 30 code units.
const emoji = boundedText(32, CATEGORY_MESSAGES.emoji).refine(isOneEmoji, { error: CATEGORY_MESSAGES.emoji });

export const createCategoryInput = z.object({ communityId, name, emoji });
export type CreateCategoryInput = z.input<typeof createCategoryInput>;

/** Rename (and re-emoji) a category of the community. */
export const updateCategoryInput = z.object({ communityId, categoryId, name, emoji });

/** Every category of the community once, in the new order. */
export const reorderCategoriesInput = z.object({
  communityId,
  categoryIds: z.array(categoryId).min(1, CATEGORY_MESSAGES.order).max(MAX_CATEGORIES, CATEGORY_MESSAGES.order),
});

export const deleteCategoryInput = z.object({ communityId, categoryId });

/** A post's category: a category of the post's community, or none. */
export const postCategoryField = categoryId.nullish();
