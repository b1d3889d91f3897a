import { z } from 'zod';

/**
 * Building blocks that keep every input cheap to refuse. Zod 4 goes on running a string's later
 * checks after a length check fails unless that check aborts, so each string here is measured
 * first, with `abort`: no pattern, refinement or transform ever sees more than a form could send.
 * (An array's `.max` needs no help: zod counts the items before it parses any.)
 */

export const INPUT_MESSAGES = {
  /** U+0000 or half of a surrogate pair: Postgres cannot store them (JSON refuses the second) and no form types them. */
  unsupportedCharacter: 'This text contains a character that cannot be saved.',
  dateRange: (first: number, last: number) => `Choose a date between the years ${first} and ${last}.`,
} as const;

/**
 * The moments any date input may name: the product's years, well inside what a timestamptz column
 * holds (4713 BC to 294276 AD; JavaScript's dates reach 271821 BC, which Postgres refuses with a 500).
 */
export const DATE_LIMITS = { firstYear: 1900, lastYear: 9999 } as const;
const FIRST_MOMENT = Date.UTC(DATE_LIMITS.firstYear, 0, 1);
/** The first moment after the last year (excluded: postgres.js would write year 10000 as '+010000', which Postgres cannot read). */
const PAST_LAST = Date.UTC(DATE_LIMITS.lastYear + 1, 0, 1);

/** A Date (as superjson brings it) that is a real moment (`invalid` otherwise) within DATE_LIMITS. */
export function boundedDate(invalid: string) {
  return z
    .date({ error: invalid })
    .refine((d) => !Number.isNaN(d.getTime()), { error: invalid, abort: true })
    .refine((d) => d.getTime() >= FIRST_MOMENT && d.getTime() < PAST_LAST, { error: INPUT_MESSAGES.dateRange(DATE_LIMITS.firstYear, DATE_LIMITS.lastYear), abort: true });
}

/** A UTF-16 surrogate without its other half (linear: each match looks one code unit around). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const storable = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

export interface TextOptions {
  /** The words for a value that is not text at all (default: zod's). */
  invalid?: string;
  /** Trim before measuring (default true): the limits are those of the visible text. */
  trim?: boolean;
}

/**
 * A string of at most `max` characters (after trimming), refused at once beyond that with
 * `tooLong`, and refused when it holds U+0000 or a lone surrogate. Chain the field's own rules after it.
 */
export function boundedText(max: number, tooLong?: string, { invalid, trim = true }: TextOptions = {}) {
  const base = invalid === undefined ? z.string() : z.string({ error: invalid });
  return (trim ? base.trim() : base)
    .max(max, tooLong === undefined ? { abort: true } : { error: tooLong, abort: true })
    .refine(storable, { error: INPUT_MESSAGES.unsupportedCharacter, abort: true });
}

/**
 * A page cursor's time: ISO 8601 in UTC, as the server wrote it (27 characters), measured before
 * the date pattern runs, and from year 1 on (Postgres has no year 0 and would fail the query).
 */
export function cursorTime(message: string) {
  return z
    .string({ error: message })
    .max(40, { error: message, abort: true })
    .pipe(z.iso.datetime({ error: message }).refine((value) => !value.startsWith('0000-'), { error: message }));
}

/**
 * The id of the last live event a client received, sent back on reconnect (a bigint in the database),
 * or a page's live position (`<id>@<milliseconds>`, shared/live.ts) on its subscriptions' first start.
 */
export const lastEventId = z
  .string()
  .max(32, { abort: true })
  .regex(/^\d{1,18}(@\d{1,13})?$/)
  .nullish();
