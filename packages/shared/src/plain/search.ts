/**
 * Search inside a community (issue 24): the pure text helpers the server and the web share: the
 * Arabic folding (the same as the database's `search_normalize`, migration 0017), the words of a
 * query, and the highlighting of matched words.
 *
 * Without zod: search.ts re-exports all of this beside its input, and the web app imports it from
 * here without building it (packages/shared/README.md).
 */

export const SEARCH_LIMITS = {
  /** Shorter queries match too much to be useful. */
  minQuery: 2,
  maxQuery: 100,
  /** Words of a query beyond these are ignored. */
  maxWords: 8,
  /** Results of each kind (posts, comments, members, courses, lessons). */
  defaultPerKind: 5,
  maxPerKind: 20,
  /** Characters of a result's excerpt around its first matched word. */
  excerpt: 160,
} as const;

export const SEARCH_MESSAGES = {
  tooShort: `Type at least ${SEARCH_LIMITS.minQuery} characters to search.`,
  tooLong: `A search can be at most ${SEARCH_LIMITS.maxQuery} characters.`,
} as const;

/** Arabic marks (tashkeel, superscript alef, Quranic marks) and the tatweel, which writers add or leave out. */
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
const LETTER_VARIANTS: Record<string, string> = { 'أ': 'ا', 'إ': 'ا', 'آ': 'ا', 'ٱ': 'ا', 'ى': 'ي', 'ة': 'ه' };

/** The database's `search_normalize`: marks dropped, alef, alef maqsura and ta marbuta folded, lower case. */
export function normalizeForSearch(text: string): string {
  return text.replace(ARABIC_MARKS, '').replace(/[أإآٱىة]/g, (letter) => LETTER_VARIANTS[letter]!).toLowerCase();
}

/**
 * The words of a query, normalised: runs of letters and digits (so no text-search operator ever
 * reaches Postgres), each once, at most `SEARCH_LIMITS.maxWords`.
 */
export function searchWords(query: string): string[] {
  const words = normalizeForSearch(query).match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, SEARCH_LIMITS.maxWords);
}

export interface HighlightPart {
  text: string;
  match: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Whether a word of a document starts with one of the terms (search matches word prefixes and stems). */
const matches = (word: string, terms: readonly string[]) => {
  const folded = normalizeForSearch(word);
  return folded.length > 0 && terms.some((term) => folded.startsWith(term));
};

/** `text` cut into parts, the words matching `terms` (normalised, as the server returns them) marked. */
export function highlightParts(text: string, terms: readonly string[]): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let last = 0;
  for (const found of text.matchAll(WORD)) {
    if (!matches(found[0], terms)) continue;
    if (found.index > last) parts.push({ text: text.slice(last, found.index), match: false });
    parts.push({ text: found[0], match: true });
    last = found.index + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/**
 * About `SEARCH_LIMITS.excerpt` characters of `text` around its first word matching `terms` (its
 * start when none does, as when only a stem matched), on one line, with '…' where it was cut.
 */
export function excerpt(text: string, terms: readonly string[], size: number = SEARCH_LIMITS.excerpt): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= size) return flat;
  let at = 0;
  for (const found of flat.matchAll(WORD)) {
    if (matches(found[0], terms)) {
      at = found.index;
      break;
    }
  }
  const start = Math.max(0, Math.min(at - Math.floor(size / 3), flat.length - size));
  const end = Math.min(flat.length, start + size);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}
