import fc from 'fast-check';
import { defOf, INT4, type Schema } from './schema-walk.ts';

/**
 * Test support: fast-check arbitraries for a procedure's input, made from its zod schema. Each
 * field gets values of its own shape (near and past its limits, unicode, control characters, real
 * ids of the test database) and, now and then, a value of any other shape; the whole input is
 * sometimes replaced by anything at all.
 */

export interface Pool {
  /** Ids of real rows (communities, posts, comments, messages, people). */
  ids: string[];
  /** Real names (community names, usernames) and other strings worth trying. */
  words: string[];
}

/** An object nested `depth` levels deep (built by hand: arbitraries stay shallow). */
function nested(depth: number): unknown {
  let value: unknown = { end: true };
  for (let i = 0; i < depth; i += 1) value = i % 2 ? { a: value } : [value];
  return value;
}

const TRICKY_STRINGS = [
  '',
  ' ',
  '   padded   ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '😀',
  'ﷺ',
  '\u202e\u202d',
  '%',
  '_',
  '\\',
  "'; drop table profiles; --",
  '0',
  '-1',
  '999999999999999999',
  '9223372036854775808',
  '1e400',
  'NaN',
  'null',
  'a@b.co',
  'a@b',
  'javascript:alert(1)',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://vimeo.com/123456789',
  'https://example.com/video.mp4',
  '/uploads/avatars/x/y.png',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '2024-02-29T12:00:00.123456Z',
  '9999-12-31T23:59:59.999999999Z',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
];

const OBJECTS_THAT_BREAK_STRING = [{ toString: 1 }, { toString: null, valueOf: null }, Object.create(null) as object];

/** A value of any shape: JSON, JavaScript oddities, deep nesting, objects that cannot become strings. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.anything({
    maxDepth: 2,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withBoxedValues: true,
    withSparseArray: true,
    withUnicodeString: true,
  }),
  fc.constantFrom<unknown>(undefined, null, NaN, Infinity, -Infinity, -0, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, 10n ** 30n, true, [], {}, new Date(Number.NaN)),
  fc.constantFrom<unknown>(...OBJECTS_THAT_BREAK_STRING, JSON.parse('{"__proto__": {"polluted": true}}'), nested(1000)),
  fc.constantFrom<unknown>(...TRICKY_STRINGS),
);

function strings(max: number, pool: Pool): fc.Arbitrary<string> {
  const cap = Math.min(max, 10_000);
  return fc.oneof(
    fc.string({ maxLength: Math.min(cap, 80) }),
    fc.string({ unit: 'grapheme', maxLength: Math.min(cap, 40) }),
    fc.string({ unit: 'binary', maxLength: Math.min(cap, 20) }),
    fc.string({ minLength: Math.max(0, cap - 2), maxLength: cap + 2 }),
    fc.constantFrom(...TRICKY_STRINGS, ...pool.words, ...pool.ids, 'x'.repeat(cap), 'x'.repeat(cap + 1)),
  );
}

const isoTimes = fc
  .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true })
  .chain((date) => fc.constantFrom(date.toISOString(), date.toISOString().replace('Z', '123Z'), date.toISOString().replace(/\.\d+Z$/, 'Z')));

function numbers(min: number | null, max: number | null): fc.Arbitrary<unknown> {
  const lo = Math.max(min ?? INT4.min, INT4.min);
  const hi = Math.min(max ?? INT4.max, INT4.max);
  return fc.oneof(
    fc.integer({ min: lo, max: hi }),
    fc.integer(),
    fc.double(),
    fc.constantFrom<unknown>(lo - 1, hi + 1, INT4.max + 1, INT4.min - 1, Number.MAX_SAFE_INTEGER + 2, 1e308, NaN, Infinity, -0, 0.5, String(lo)),
  );
}

/** Small changes to a valid value: a character that breaks things put in, the value stretched, cased, emptied, pushed past a bound. */
export function tweaksOf(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value === 'string') {
    const inserted = fc
      .tuple(fc.nat({ max: value.length }), fc.constantFrom('\u0000', '\ud800', '\udc00', '\u202e', '\u200b', '%', '_', '\\', "'", '"', ' ', '\n', '😀'))
      .map(([at, c]) => value.slice(0, at) + c + value.slice(at));
    return fc.oneof(inserted, fc.constantFrom('', ` ${value} `, value.repeat(60), value.toUpperCase(), `${value}\u0000`, value.normalize('NFD')));
  }
  if (typeof value === 'number') return fc.constantFrom(value + 1, value - 1, -value, value * 1_000_000, value + 0.5, String(value), INT4.max + 1, NaN);
  if (typeof value === 'boolean') return fc.constantFrom(!value, String(value), value ? 1 : 0);
  if (Array.isArray(value)) return fc.constantFrom([], [...value, ...value], Array(20).fill(value[0] ?? ''), value.map(asText));
  return anyValue;
}

/** `value` as a string, for values `String` refuses (objects without a prototype, from `anyValue`). */
function asText(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Values for `schema`: of its shape mostly, of any shape sometimes. */
export function arbitraryOf(schema: Schema, pool: Pool, depth = 0): fc.Arbitrary<unknown> {
  const own = shaped(schema, pool, depth);
  return fc.oneof({ arbitrary: own, weight: 6 }, { arbitrary: anyValue, weight: 1 });
}

function shaped(schema: Schema, pool: Pool, depth: number): fc.Arbitrary<unknown> {
  if (depth > 10) return anyValue;
  const def = defOf(schema) as ReturnType<typeof defOf> & { entries?: Record<string, unknown>; values?: unknown[] };
  const of = (inner: Schema) => arbitraryOf(inner, pool, depth + 1);
  switch (def.type) {
    case 'string': {
      if (def.format === 'uuid' || def.format === 'guid') return fc.oneof(fc.constantFrom(...pool.ids), fc.uuid(), strings(40, pool));
      if (def.format === 'datetime') return fc.oneof(isoTimes, strings(40, pool));
      const max = (def.checks ?? []).map((c) => c._zod.def).find((c) => c.check === 'max_length')?.maximum;
      return strings(max ?? 200, pool);
    }
    case 'number': {
      const checks = (def.checks ?? []).map((c) => c._zod.def);
      const bound = (name: string) => (checks.find((c) => c.check === name)?.value as number | undefined) ?? null;
      return numbers(bound('greater_than'), bound('less_than'));
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof(of(def.innerType!), fc.constant(undefined));
    case 'nullable':
      return fc.oneof(of(def.innerType!), fc.constant(null));
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return of(def.innerType!);
    case 'pipe':
      return fc.oneof(of(def.in!), of(def.out!));
    case 'union':
      return fc.oneof(...(def.options ?? []).map(of));
    case 'array':
      return fc.array(of(def.element!), { maxLength: 12 });
    case 'object': {
      const model = Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, inner]) => [key, of(inner)]));
      // Keys the schema does not know, some of them the ones authorization reads.
      const extra = fc.dictionary(fc.constantFrom('communityId', 'postId', 'commentId', 'messageId', 'userId', 'lastEventId', '__proto__', 'constructor', 'x'), anyValue, { maxKeys: 2 });
      return fc.tuple(fc.record(model, { requiredKeys: [] }), fc.option(extra, { nil: undefined })).map(([known, unknown]) => ({ ...unknown, ...known }));
    }
    default:
      return anyValue;
  }
}
