import { profiles } from '@app/db/schema';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PAYMENT_MESSAGES } from '../payments/provider.ts';
import { anyValue, arbitraryOf, tweaksOf, type Pool } from '../testing/security/arbitraries.ts';
import { failingProvider, invoke, type Outcome } from '../testing/security/invoke.ts';
import { defOf, routerProcedures, type RouterProcedure, type Schema } from '../testing/security/schema-walk.ts';
import { VALID_INPUTS } from '../testing/security/valid-inputs.ts';
import { cpuMs, cpuTimed, createTestPeople, createTestWorld, restoreTestPeople, type TestPeople, useTestDatabase } from '../testing/index.ts';

/**
 * Every procedure of the router, called through a real caller on a real database with generated
 * inputs: valid ones with a field changed to a value of its shape or of any shape, inputs made from
 * the schema, and anything at all; by people of every standing. No call may end in a server error
 * (HTTP 5xx) unless it is the procedure's designed answer (see `designed`), and none may cost the
 * event loop's thread more than 100 ms of CPU time (parsing its input, or the whole call). A
 * TOO_MANY_REQUESTS (429) is a refusal like any other.
 */

const RUNS = 150;
const BLOCK_LIMIT_MS = 100;

const WHO = ['anonymous', 'owner', 'member', 'other', 'applicant', 'removed', 'stranger'] as const;
type Who = (typeof WHO)[number];
const PROVIDERS = ['local', 'none', 'failing'] as const;
type Provider = (typeof PROVIDERS)[number];

const scene = useTestDatabase();
let people: TestPeople;

beforeAll(async () => {
  people = await createTestPeople(scene.database);
}, 60_000);


const userOf = (who: Who) => (who === 'anonymous' ? null : people[who]);

interface Ground {
  pool: Pool;
  /** Per caller: the valid input to mutate. */
  seeds: Map<Who, unknown>;
}

/** A fresh world of the same people for one procedure (so another's deletions leave it whole), its ids and valid inputs. */
async function groundFor(path: string): Promise<Ground> {
  // What the procedure before fuzzed may have left on the people themselves (a block, a closed account).
  await restoreTestPeople(scene.database);
  const world = await createTestWorld(scene.database, people);
  const seeds = new Map<Who, unknown>();
  for (const who of WHO) seeds.set(who, await VALID_INPUTS[path]?.({ database: scene.database, world, me: userOf(who) }));
  const usernames = await scene.database.db.select({ username: profiles.username }).from(profiles);
  const ids = [world.community.id, world.post.id, world.comment.id, world.message.id, ...Object.values(people)];
  return { seeds, pool: { ids, words: [world.community.name, ...usernames.map((u) => u.username)] } };
}

/** Mostly the people who may call most, so that calls get past authorization to the work. */
const callers = fc.oneof(
  { arbitrary: fc.constantFrom<Who>('owner', 'member'), weight: 3 },
  { arbitrary: fc.constantFrom<Who>(...WHO), weight: 2 },
);

/**
 * Server errors that are a designed answer. payments.createCheckout refuses with
 * SERVICE_UNAVAILABLE when no payments provider is configured (rather than let anyone in unpaid),
 * and with BAD_GATEWAY when the provider fails; both in the spec's words. Nothing else may be 5xx.
 */
function designed(path: string, outcome: Extract<Outcome, { ok: false }>, provider: Provider): boolean {
  if (path !== 'payments.createCheckout' || outcome.message !== PAYMENT_MESSAGES.paymentUrlFailed) return false;
  return (outcome.code === 'SERVICE_UNAVAILABLE' && provider === 'none') || (outcome.code === 'BAD_GATEWAY' && provider === 'failing');
}

/** The object schema inside `schema`'s wrappers, if any. */
function objectShape(schema: Schema | undefined): Record<string, Schema> {
  let current = schema;
  for (let i = 0; current && i < 10; i += 1) {
    const def = defOf(current);
    if (def.type === 'object') return def.shape ?? {};
    current = def.innerType ?? def.in;
  }
  return {};
}

/** `seed` with one key given a value of its shape or of any shape, or changed a little, or dropped. */
function mutate(seed: unknown, schema: Schema | undefined, pool: Pool): fc.Arbitrary<unknown> {
  if (typeof seed !== 'object' || seed === null) return fc.oneof(fc.constant(seed), anyValue);
  const base = seed as Record<string, unknown>;
  const shape = objectShape(schema);
  const keys = [...new Set([...Object.keys(base), ...Object.keys(shape)])];
  if (keys.length === 0) return fc.oneof(fc.constant(seed), anyValue);
  const replaced = (key: string, values: fc.Arbitrary<unknown>) => values.map((value) => ({ ...base, [key]: value }));
  return fc.oneof(
    fc.constant(seed),
    fc.constantFrom(...keys).chain((key) => replaced(key, Object.hasOwn(shape, key) ? arbitraryOf(shape[key]!, pool) : anyValue)),
    fc.constantFrom(...keys).chain((key) => replaced(key, tweaksOf(base[key]))),
    fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key))),
  );
}

function inputsFor(procedure: RouterProcedure, who: Who, { seeds, pool }: Ground): fc.Arbitrary<unknown> {
  const schema = procedure.inputs[0];
  const seed = seeds.get(who);
  const mutated = mutate(seed, schema, pool).chain((once) => fc.oneof({ arbitrary: fc.constant(once), weight: 3 }, { arbitrary: mutate(once, schema, pool), weight: 1 }));
  const fromSchema = schema ? arbitraryOf(schema, pool) : anyValue;
  return fc.oneof({ arbitrary: fc.constant(seed), weight: 1 }, { arbitrary: mutated, weight: 4 }, { arbitrary: fromSchema, weight: 2 }, { arbitrary: anyValue, weight: 1 });
}

interface CallReport {
  outcome: Outcome;
  /** The longest parse of the input by one of the procedure's schemas, in CPU time. */
  parseMs: number;
  /**
   * The CPU time the server's event-loop thread spent on the call, from the first middleware to the
   * answer (queries sent, rows read, the work between): what the call costs everyone else on that
   * thread. Counted in the thread's own CPU time, so a busy machine, which delays a call, cannot
   * make it fail; slow code can.
   */
  cpuMs: number;
}

async function call(procedure: RouterProcedure, who: Who, provider: Provider, input: unknown): Promise<CallReport> {
  let parseMs = 0;
  for (const schema of procedure.inputs) {
    // zod throws, rather than reporting an issue, on some shapes (an object whose `length` cannot be
    // compared with a number): tRPC answers that as BAD_REQUEST, which the outcome below checks.
    parseMs = Math.max(parseMs, cpuTimed(() => {
      try {
        z.safeParse(schema, input);
      } catch {
        // Refused: timed all the same.
      }
    }).ms);
  }
  const payments = provider === 'none' ? null : provider === 'failing' ? failingProvider : undefined;
  const started = cpuMs();
  const outcome = await invoke(scene.database, userOf(who), procedure.path, input, { payments });
  await new Promise((resolve) => setImmediate(resolve));
  return { outcome, parseMs, cpuMs: cpuMs() - started };
}

const show = (value: unknown) => fc.stringify(value).slice(0, 300);

/** The innermost error's words (a Postgres error under the query error under the tRPC error). */
function rootCause(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? `${current.name}: ${current.message}` : String(current);
}

describe('fuzzing every procedure', () => {
  const procedures = routerProcedures();

  it('covers the whole router', () => {
    expect(procedures.length).toBeGreaterThan(40);
  });

  for (const procedure of procedures) {
    it(`${procedure.path} (${procedure.type}): no server error, no call past its CPU budget`, async () => {
      const ground = await groundFor(procedure.path);
      const providers = procedure.path === 'payments.createCheckout' ? PROVIDERS : (['local'] as const);
      const cases = fc
        .tuple(callers, fc.constantFrom<Provider>(...providers))
        .chain(([who, provider]) => fc.tuple(fc.constant(who), fc.constant(provider), inputsFor(procedure, who, ground)));
      await fc.assert(
        fc.asyncProperty(cases, async ([who, provider, input]) => {
          let report = await call(procedure, who, provider, input);
          // Over the limit, measured again before it counts: a first call can pay for compiling code or collecting garbage made before.
          if (report.parseMs > BLOCK_LIMIT_MS || report.cpuMs > BLOCK_LIMIT_MS) report = await call(procedure, who, provider, input);
          const { outcome } = report;
          if (!outcome.ok && outcome.status >= 500 && !designed(procedure.path, outcome, provider)) {
            throw new Error(`${outcome.status} ${outcome.code}: ${outcome.message} (${rootCause(outcome.error)}), as ${who} with ${show(input)}`);
          }
          if (report.parseMs > BLOCK_LIMIT_MS) throw new Error(`parsing the input took ${report.parseMs.toFixed(0)} ms, as ${who} with ${show(input)}`);
          if (report.cpuMs > BLOCK_LIMIT_MS) throw new Error(`the call took ${report.cpuMs.toFixed(0)} ms of the event loop's CPU time, as ${who} with ${show(input)}`);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    });
  }
});
