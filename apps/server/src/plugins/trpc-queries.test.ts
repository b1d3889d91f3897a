import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import superjson from 'superjson';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn, useOwnerMemberStranger } from '../testing/index.ts';

/** A GET of tRPC calls as the web client's batch link sends them (`inputs` by index), or one call alone. */
function callsUrl(paths: string[], inputs: unknown[], batch = paths.length > 1): string {
  if (!batch) return `/trpc/${paths[0]}${inputs[0] === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(inputs[0])))}`}`;
  const serialized = Object.fromEntries(inputs.map((input, index) => [index, superjson.serialize(input)]));
  return `/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(serialized))}`;
}

/** What a client sees of an answer: status, body and the headers tRPC sets. */
function seen(res: LightMyRequestResponse) {
  const { 'content-type': type, vary, 'retry-after': retryAfter } = res.headers;
  return { status: res.statusCode, type, vary, retryAfter, body: res.body };
}

/** The WHATWG Requests made from now on (tRPC's own handler makes one per HTTP request). */
function countFetchRequests() {
  const original = globalThis.Request;
  const counted = { count: 0 };
  globalThis.Request = class extends original {
    constructor(...args: ConstructorParameters<typeof Request>) {
      super(...args);
      counted.count += 1;
    }
  };
  restore = () => (globalThis.Request = original);
  return counted;
}
let restore = () => {};
afterEach(() => restore());

/**
 * Asks `url` as the web client does (answered directly, trpc-queries.ts), then naming what it accepts
 * (answered by tRPC's own handler), and holds the two answers equal.
 */
async function bothWays(app: FastifyInstance, url: string, cookie: string | null, direct = true) {
  const headers = cookie ? { cookie } : {};
  const requests = countFetchRequests();
  const fast = await app.inject({ url, headers });
  expect(requests.count, `${url} ${direct ? 'answered directly' : 'left to tRPC'}`).toBe(direct ? 0 : 1);
  const reference = await app.inject({ url, headers: { ...headers, 'trpc-accept': 'application/json' } });
  expect(requests.count).toBe(direct ? 1 : 2);
  expect(seen(fast)).toEqual(seen(reference));
  return fast;
}

describe('tRPC queries answered straight from Fastify', () => {
  const scene = useOwnerMemberStranger('Direct queries');
  const { server } = scene;
  let board: string;

  beforeAll(() => {
    board = callsUrl(['levels.board'], [{ communityId: scene.communityId, period: 'all' }]);
  });

  it('answers a query as tRPC does, signed in or not', async () => {
    const mine = await bothWays(server.app, '/trpc/profiles.me', scene.memberCookie);
    expect(mine.json()).toMatchObject({ result: { data: { json: { id: scene.member } } } });
    const nobody = await bothWays(server.app, '/trpc/profiles.me', null);
    expect(nobody.json()).toEqual({ result: { data: { json: null } } });
    expect((await bothWays(server.app, board, scene.memberCookie)).statusCode).toBe(200);
  });

  it('refuses as tRPC does: a visitor 401, a stranger 403, a bad input 400 with its field', async () => {
    expect((await bothWays(server.app, board, null)).statusCode).toBe(401);
    expect((await bothWays(server.app, board, scene.strangerCookie)).statusCode).toBe(403);
    const bad = await bothWays(server.app, callsUrl(['levels.board'], [{ communityId: scene.communityId, period: 'forever' }]), scene.memberCookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { json: { data: { code: 'BAD_REQUEST', fieldErrors: { period: [expect.any(String)] } } } } });
  });

  it('answers a batch as tRPC does: all well 200, mixed 207 with each answer in its place', async () => {
    const all = await bothWays(server.app, callsUrl(['profiles.me', 'levels.summary'], [undefined, { communityId: scene.communityId }]), scene.memberCookie);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(2);
    const mixed = await bothWays(server.app, callsUrl(['profiles.me', 'levels.summary'], [undefined, { communityId: scene.communityId }]), scene.strangerCookie);
    expect(mixed.statusCode).toBe(207);
    expect(mixed.json()).toMatchObject([{ result: {} }, { error: { json: { data: { code: 'FORBIDDEN' } } } }]);
    // A batch of one, as the batch link sends a query alone.
    expect((await bothWays(server.app, callsUrl(['levels.summary'], [{ communityId: scene.communityId }], true), scene.ownerCookie)).json()).toHaveLength(1);
  });

  it('leaves to tRPC what it would refuse before calling anything: unknown paths, mutations, malformed input, too large a batch', async () => {
    const cookie = scene.memberCookie;
    expect((await bothWays(server.app, '/trpc/profiles.nothing', cookie, false)).statusCode).toBe(404);
    expect((await bothWays(server.app, callsUrl(['posts.create'], [{}]), cookie, false)).statusCode).toBe(405);
    expect((await bothWays(server.app, '/trpc/levels.board?input=%7Bnot-json', cookie, false)).statusCode).toBe(400);
    expect((await bothWays(server.app, '/trpc/levels.summary,levels.summary?batch=1&input=%5B1%5D', cookie, false)).statusCode).toBe(400);
    const tooMany = callsUrl(Array.from({ length: 21 }, () => 'profiles.me'), Array.from({ length: 21 }, () => undefined));
    expect((await bothWays(server.app, tooMany, cookie, false)).statusCode).toBe(400);
  });

  it('answers a caller over their budget 429 with Retry-After, as tRPC does', async () => {
    // One tenth of every limit: a person has 30 calls at once.
    const app = await server.extraApp({ RATE_LIMIT_SCALE: '0.1', ADDRESS_LIMIT_SCALE: '1000' });
    const cookie = await signIn(app);
    const twenty = callsUrl(Array.from({ length: 20 }, () => 'profiles.me'), Array.from({ length: 20 }, () => undefined));
    expect((await app.inject({ url: twenty, headers: { cookie } })).statusCode).toBe(200);
    const refused = await bothWays(app, twenty, cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toHaveLength(20);
  });
});
