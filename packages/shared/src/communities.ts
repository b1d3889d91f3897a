import { z } from 'zod';
import { CATEGORY_VALUES, LANGUAGE_VALUES, LIMITS } from './constants.ts';
import { boundedText, cursorTime } from './input.ts';

/** Discover: community and people lists (spec sections 2, 5 and 7). */

export const DISCOVER_MESSAGES = {
  searchTooLong: 'Search text must be at most 100 characters.',
  category: 'Please choose one of the listed categories.',
  language: 'Please choose one of the listed languages.',
  cursor: 'The page cursor is not valid.',
  limit: 'Page size must be between 1 and 50.',
  userId: 'The profile id is not valid.',
} as const;

export const SEARCH_MAX = 100;
export const COMMUNITY_PAGE_SIZE = 24;
export const COMMUNITY_PAGE_MAX = 50;

/** Free text searched as a case-insensitive substring; blank means no search. */
const searchText = boundedText(SEARCH_MAX, DISCOVER_MESSAGES.searchTooLong)
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Where the next page starts: the last row's created_at (microseconds kept) and id. */
export const communityCursor = z.object(
  {
    createdAt: cursorTime(DISCOVER_MESSAGES.cursor),
    id: z.uuid({ error: DISCOVER_MESSAGES.cursor }),
  },
  { error: DISCOVER_MESSAGES.cursor },
);
export type CommunityCursor = z.infer<typeof communityCursor>;

export const listCommunitiesInput = z.object({
  search: searchText,
  category: z.enum(CATEGORY_VALUES, { error: DISCOVER_MESSAGES.category }).optional(),
  language: z.enum(LANGUAGE_VALUES, { error: DISCOVER_MESSAGES.language }).optional(),
  limit: z.int({ error: DISCOVER_MESSAGES.limit }).min(1, DISCOVER_MESSAGES.limit).max(COMMUNITY_PAGE_MAX, DISCOVER_MESSAGES.limit).default(COMMUNITY_PAGE_SIZE),
  cursor: communityCursor.nullish(),
});
export type ListCommunitiesInput = z.input<typeof listCommunitiesInput>;

export const communitiesOfProfileInput = z.object({
  userId: z.uuid({ error: DISCOVER_MESSAGES.userId }),
});

/** People: category compared case-insensitively, so any short text is accepted. */
export const listPeopleInput = z
  .object({
    search: searchText,
    category: boundedText(50, DISCOVER_MESSAGES.category)
      .transform((v) => (v === '' ? undefined : v))
      .optional(),
  })
  .default({});
export type ListPeopleInput = z.input<typeof listPeopleInput>;

export const PEOPLE_LIMIT = LIMITS.peopleListLimit;

/** A LIKE pattern matching `text` anywhere: %, _ and \ in the text stand for themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
