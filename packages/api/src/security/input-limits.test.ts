import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldsOf, INT4, isAt, pathName, routerProcedures, valueAt, type Field, type Schema } from '../testing/security/schema-walk.ts';
import { cpuTimed } from '../testing/index.ts';

/**
 * Every input is bounded before anything costly reads it: each string of every procedure's input
 * (found by walking the schemas, so a new procedure is covered without being named) is refused at
 * 100,000 characters of the shapes patterns are slow on, within 50 ms of CPU time; each list at 100,000 items
 * without reading one; each number outside a Postgres integer; each date outside the product's years.
 */

const HUGE = 100_000;
const BUDGET_MS = 50;

const WORST_STRINGS: Record<string, string> = {
  letters: 'a'.repeat(HUGE),
  ats: '@'.repeat(HUGE),
  dots: '.'.repeat(HUGE),
  dashes: '-'.repeat(HUGE),
  digits: '1'.repeat(HUGE),
  'a@ repeated': 'a@'.repeat(HUGE / 2),
  'e-mail near miss': 'a@' + 'b.'.repeat(HUGE / 2 - 2) + ' x',
  'dotted domain': 'a@b' + '.b'.repeat(HUGE / 2 - 2) + '@',
  url: 'https://example.com/' + 'a/'.repeat(HUGE / 2 - 10),
  'iso time with long fraction': '2024-01-01T00:00:00.' + '1'.repeat(HUGE - 20),
  words: 'a '.repeat(HUGE / 2),
  emoji: '😀'.repeat(HUGE / 2),
  nul: '\u0000'.repeat(HUGE),
};

/** Moments JavaScript holds and a timestamptz column does not (before 4713 BC, after 294276 AD), and the edges of the product's years. */
const FAR_DATES = ['-271821-04-21T00:00:00Z', '-004714-01-01T00:00:00Z', '0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '+010000-01-01T00:00:00Z', '+275760-09-12T00:00:00Z'].map((iso) => new Date(iso));

const OUT_OF_RANGE_NUMBERS = [INT4.max + 1, INT4.min - 1, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, Infinity, -Infinity, NaN, 0.5];


interface InputSchema {
  name: string;
  schema: Schema;
}

const procedureInputs: InputSchema[] = routerProcedures().flatMap((p) => p.inputs.map((schema, i) => ({ name: p.inputs.length > 1 ? `${p.path}#${i}` : p.path, schema })));

/** Every zod schema @app/shared exports (the server's routes parse some of them too), found through its exports map. */
async function sharedSchemas(): Promise<InputSchema[]> {
  const manifest = JSON.parse(readFileSync(new URL('../../../shared/package.json', import.meta.url), 'utf8')) as { exports: Record<string, string> };
  const found: InputSchema[] = [];
  for (const [subpath, file] of Object.entries(manifest.exports)) {
    const module = (await import(/* @vite-ignore */ new URL(`../../../shared/${file}`, import.meta.url).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === 'object' && value !== null && '_zod' in value) found.push({ name: `@app/shared${subpath.slice(1)} ${name}`, schema: value as Schema });
    }
  }
  return found;
}

const problems = (inputs: InputSchema[]) => inputs.flatMap(({ name, schema }) => fieldsOf(schema).filter((f) => f.problem).map((f) => `${name} ${pathName(f.path)}: ${f.problem}`));

function refusedAt(schema: Schema, value: unknown, field: Field) {
  const { result, ms } = cpuTimed(() => z.safeParse(schema, value));
  const here = result.success ? [] : result.error.issues.filter((issue) => isAt(issue.path, field.path));
  return { refused: here.length > 0, ms };
}

describe('the walk over a schema', () => {
  it('finds a string without a maximum, a maximum checked too late, an uncounted list, a wide number and arbitrary keys', () => {
    const bad = z.object({
      plain: z.string(),
      lateMax: z.string().regex(/x/).max(5),
      noAbort: z.string().max(5).regex(/x/),
      format: z.email().max(50),
      list: z.array(z.string().max(3, { abort: true })),
      wide: z.int(),
      map: z.record(z.string(), z.number()),
      loose: z.looseObject({}),
    });
    expect(problems([{ name: 'bad', schema: bad }])).toEqual([
      'bad plain: no maximum length',
      'bad lateMax: the maximum is checked after regex',
      'bad noAbort: the maximum does not abort, so the checks after it still read the whole string',
      'bad format: its email pattern runs before any length check (measure it first, then .pipe() into the format)',
      'bad list: no maximum number of items',
      'bad wide: not bounded to a Postgres integer (min null, max null)',
      'bad map: accepts arbitrary keys',
      'bad map.[]: not bounded to a Postgres integer (min null, max null)',
      'bad loose: accepts arbitrary keys',
    ]);
    const good = z.object({
      text: z.string().trim().max(5, { abort: true }).regex(/x/),
      format: z.string().max(50, { abort: true }).pipe(z.email()),
      id: z.uuid(),
      list: z.array(z.uuid()).max(3),
      count: z.int().min(0).max(10),
    });
    expect(problems([{ name: 'good', schema: good }])).toEqual([]);
  });
});

describe('input limits', () => {
  it('walks the whole router', () => {
    expect(procedureInputs.length).toBeGreaterThan(30);
    expect(procedureInputs.flatMap(({ schema }) => fieldsOf(schema)).filter((f) => f.kind === 'string').length).toBeGreaterThan(60);
  });

  it('every string, list and number of every procedure input is bounded before anything else reads it', () => {
    expect(problems(procedureInputs)).toEqual([]);
  });

  it('so is every schema @app/shared exports', async () => {
    const schemas = await sharedSchemas();
    expect(schemas.length).toBeGreaterThan(20);
    expect(problems(schemas)).toEqual([]);
  });

  it(`refuses a 100,000-character value in every string field within ${BUDGET_MS} ms`, () => {
    const slow: string[] = [];
    const accepted: string[] = [];
    for (const { name, schema } of procedureInputs) {
      for (const field of fieldsOf(schema).filter((f) => f.kind === 'string')) {
        for (const [shape, value] of Object.entries(WORST_STRINGS)) {
          const { refused, ms } = refusedAt(schema, valueAt(field.path, value), field);
          const label = `${name} ${pathName(field.path)} (${shape})`;
          if (!refused) accepted.push(label);
          if (ms > BUDGET_MS) slow.push(`${label}: ${ms.toFixed(1)} ms`);
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(slow).toEqual([]);
  });

  it('refuses 100,000 items in every list without reading one', () => {
    const lists = procedureInputs.flatMap(({ name, schema }) => fieldsOf(schema).filter((f) => f.kind === 'array').map((field) => ({ name, schema, field })));
    expect(lists.length).toBeGreaterThan(0);
    for (const { name, schema, field } of lists) {
      let reads = 0;
      const items = new Proxy(Array<string>(HUGE).fill('https://example.com/'), {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      const { refused, ms } = refusedAt(schema, valueAt(field.path, items), field);
      expect({ list: `${name} ${pathName(field.path)}`, refused, reads, fast: ms < BUDGET_MS }).toEqual({ list: `${name} ${pathName(field.path)}`, refused: true, reads: 0, fast: true });
    }
  });

  it('refuses numbers a Postgres integer cannot hold', () => {
    const accepted: string[] = [];
    for (const { name, schema } of procedureInputs) {
      for (const field of fieldsOf(schema).filter((f) => f.kind === 'number')) {
        for (const value of OUT_OF_RANGE_NUMBERS) {
          if (!refusedAt(schema, valueAt(field.path, value), field).refused) accepted.push(`${name} ${pathName(field.path)}: ${value}`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('refuses dates outside the years 1900-9999 (the database cannot hold some of them: a 500 otherwise)', () => {
    const dates = procedureInputs.flatMap(({ name, schema }) => fieldsOf(schema).filter((f) => f.kind === 'date').map((field) => ({ name, schema, field })));
    expect(dates.length).toBeGreaterThanOrEqual(4);
    const accepted: string[] = [];
    for (const { name, schema, field } of dates) {
      for (const value of FAR_DATES) {
        if (!refusedAt(schema, valueAt(field.path, value), field).refused) accepted.push(`${name} ${pathName(field.path)}: ${value.toISOString()}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it(`reads an input with 100,000 unknown keys within ${BUDGET_MS} ms`, () => {
    const wide = Object.fromEntries(Array.from({ length: HUGE }, (_, i) => [`k${i}`, i]));
    const slow = procedureInputs
      .map(({ name, schema }) => ({ name, ms: cpuTimed(() => z.safeParse(schema, wide)).ms }))
      .filter(({ ms }) => ms > BUDGET_MS)
      .map(({ name, ms }) => `${name}: ${ms.toFixed(1)} ms`);
    expect(slow).toEqual([]);
  });
});
