import type { AnyProcedure } from '@trpc/server';
import type { z } from 'zod';
import { appRouter } from '../../root.ts';

/**
 * Test support: every procedure of the router with its input schemas, and a walk through a zod 4
 * schema's internals to the strings, lists and numbers a caller can send, with the bound each is
 * checked against first. The input-limit and fuzzing tests are built on it, so a new procedure is
 * covered without being named.
 */

export type Schema = z.core.$ZodType;

export interface RouterProcedure {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  /** The schemas `.input()` was given (none for a procedure without input). */
  inputs: Schema[];
}

export function routerProcedures(): RouterProcedure[] {
  // At run time the router keeps its procedures flat, by dotted path ('posts.list').
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  return Object.entries(procedures)
    .map(([path, procedure]) => ({ path, type: procedure._def.type, inputs: (procedure._def as unknown as { inputs: Schema[] }).inputs }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** A step of a field's path: an object key, or an array's items. */
export type Step = string | typeof ITEM;
export const ITEM = Symbol('item');

export interface Field {
  path: Step[];
  kind: 'string' | 'array' | 'number' | 'date' | 'keys';
  schema: Schema;
  /** The largest length (a string, a list) or value (a number) accepted; null when unbounded. */
  max: number | null;
  /** The smallest value of a number. */
  min?: number | null;
  /** Why the field is not bounded before anything else reads it, or null when it is. */
  problem: string | null;
}

interface CheckDef {
  check: string;
  abort?: boolean;
  maximum?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
}

interface Def {
  type: string;
  format?: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
  items?: Schema[];
  rest?: Schema | null;
  getter?: () => Schema;
  valueType?: Schema;
}

export const defOf = (schema: Schema) => schema._zod.def as unknown as Def;
const checksOf = (schema: Schema) => (defOf(schema).checks ?? []).map((check) => check._zod.def);

/** String formats whose pattern has a fixed length, so it fails within its first characters. */
const FIXED_LENGTH_FORMATS: Record<string, number> = { uuid: 36, guid: 36 };
/** Checks that only rewrite a string in one pass (trim, case): harmless before the length check. */
const REWRITES = new Set(['overwrite']);

export const INT4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** The string's maximum and whether it is checked first (with `abort` when anything follows it). */
function stringField(schema: Schema, path: Step[], guarded: boolean): Field {
  const def = defOf(schema);
  const field = (max: number | null, problem: string | null): Field => ({ path, kind: 'string', schema, max, problem });
  if (def.format && def.format in FIXED_LENGTH_FORMATS) return field(FIXED_LENGTH_FORMATS[def.format]!, null);
  const checks = checksOf(schema);
  const at = checks.findIndex((c) => c.check === 'max_length');
  const max = at >= 0 ? (checks[at]!.maximum ?? null) : null;
  // The other side of a pipe whose input is a bounded string: measured already.
  if (guarded) return field(max, null);
  if (def.format) return field(max, `its ${def.format} pattern runs before any length check (measure it first, then .pipe() into the format)`);
  if (at < 0) return field(null, 'no maximum length');
  const before = checks.slice(0, at).filter((c) => !REWRITES.has(c.check));
  if (before.length) return field(max, `the maximum is checked after ${before.map((c) => c.format ?? c.check).join(', ')}`);
  if (at < checks.length - 1 && checks[at]!.abort !== true) return field(max, 'the maximum does not abort, so the checks after it still read the whole string');
  return field(max, null);
}

function numberField(schema: Schema, path: Step[]): Field {
  let min: number | null = null;
  let max: number | null = null;
  for (const c of checksOf(schema)) {
    const value = typeof c.value === 'bigint' ? Number(c.value) : c.value;
    if (value === undefined) continue;
    if (c.check === 'less_than') max = Math.min(max ?? Infinity, value);
    if (c.check === 'greater_than') min = Math.max(min ?? -Infinity, value);
  }
  const fits = min !== null && max !== null && min >= INT4.min && max <= INT4.max;
  return { path, kind: 'number', schema, min, max, problem: fits ? null : `not bounded to a Postgres integer (min ${min}, max ${max})` };
}

/**
 * The strings, lists, numbers and arbitrary-key maps of `schema`, each with its bound. Wrappers
 * (optional, nullable, default, readonly, catch), unions, intersections, tuples, lazies and both
 * sides of a pipe are walked through.
 */
export function fieldsOf(schema: Schema, path: Step[] = [], guarded = false, depth = 0): Field[] {
  if (depth > 20) return [];
  const def = defOf(schema);
  const walk = (inner: Schema, at: Step[] = path, guard = guarded) => fieldsOf(inner, at, guard, depth + 1);
  switch (def.type) {
    case 'string':
      return [stringField(schema, path, guarded)];
    case 'number':
    case 'bigint':
      return [numberField(schema, path)];
    case 'date':
      // Bounded by refinements the walk cannot read: the input-limits test tries the far dates.
      return [{ path, kind: 'date', schema, max: null, problem: null }];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return walk(def.innerType!);
    case 'pipe': {
      const before = walk(def.in!);
      const measured = before.some((f) => f.kind === 'string' && f.max !== null && f.problem === null);
      return [...before, ...walk(def.out!, path, guarded || measured)];
    }
    case 'object': {
      const fields = Object.entries(def.shape ?? {}).flatMap(([key, inner]) => walk(inner, [...path, key]));
      const catchall = def.catchall && defOf(def.catchall).type !== 'never' ? def.catchall : null;
      return catchall ? [...fields, { path, kind: 'keys', schema, max: null, problem: 'accepts arbitrary keys' }] : fields;
    }
    case 'record':
    case 'map':
      return [{ path, kind: 'keys', schema, max: null, problem: 'accepts arbitrary keys' }, ...walk(def.valueType!, [...path, ITEM])];
    case 'array':
    case 'set': {
      const at = checksOf(schema).find((c) => c.check === 'max_length' || c.check === 'max_size');
      const max = at?.maximum ?? null;
      const list: Field = { path, kind: 'array', schema, max, problem: max === null ? 'no maximum number of items' : null };
      return [list, ...walk((def.element ?? def.valueType)!, [...path, ITEM])];
    }
    case 'tuple':
      return [...(def.items ?? []).flatMap((item, i) => walk(item, [...path, String(i)])), ...(def.rest ? [{ path, kind: 'array' as const, schema, max: null, problem: 'a tuple with a rest accepts any number of items' }] : [])];
    case 'union':
      return (def.options ?? []).flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(def.left!), ...walk(def.right!)];
    case 'lazy':
      return walk(def.getter!());
    case 'any':
    case 'unknown':
    case 'custom':
      return [{ path, kind: 'keys', schema, max: null, problem: `${def.type}: takes any value unchecked` }];
    default:
      // boolean, enum, literal, null, undefined, transform…: nothing of unbounded size.
      return [];
  }
}

export const pathName = (path: Step[]) => path.map((step) => (step === ITEM ? '[]' : step)).join('.') || '(input)';

/** An input holding `leaf` at `path` and nothing else (arrays of one item). */
export function valueAt(path: Step[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const inner = valueAt(rest, leaf);
  return head === ITEM ? [inner] : { [head as string]: inner };
}

/** Whether an issue's path (array items by index) names `path`. */
export function isAt(issuePath: readonly PropertyKey[], path: Step[]): boolean {
  return issuePath.length === path.length && path.every((step, i) => (step === ITEM ? typeof issuePath[i] === 'number' : issuePath[i] === step));
}
