import { z } from 'zod';
import { boundedText } from './input.ts';
import { CATEGORY_MESSAGES, CATEGORY_NAME_MAX, isOneEmoji, MAX_CATEGORIES } from './plain/categories.ts';
import { COMMUNITY_MESSAGES } from './plain/communities.ts';

/** A community's post categories and the feed's sorts (issue 24). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/categories.ts';

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
