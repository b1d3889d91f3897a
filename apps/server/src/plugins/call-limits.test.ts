import { personSubject, scaledCallLimits } from '@app/api/server';
import { liveConnections } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import superjson from 'superjson';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { countSessionLookups, PUBLIC_URL, signedInPerson, useServer, wsTrpcClient, wsUrlOf, type SignedInPerson } from '../testing/index.ts';

/** One tenth of every limit (a person: 30 calls at once then 1 a second, 2 sockets, 20 subscriptions); addresses apart, tested on their own. */
const env = { RATE_LIMIT_SCALE: '0.1', ADDRESS_LIMIT_SCALE: '1000' };
const limits = scaledCallLimits(0.1);
const person = limits.budget.person;

type Answer = { result?: { data: unknown }; error?: { json: { message: string; data: { code: string; retryAfter?: number } } } };

/** A batch of `n` `profiles.me` queries over HTTP, as the web app's batch link sends a page's queries. */
function batch(app: FastifyInstance, n: number, cookie: string | null, remoteAddress?: string) {
  const paths = Array.from({ length: n }, () => 'profiles.me').join(',');
  const input = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, superjson.serialize(undefined)]));
  return app.inject({
    method: 'GET',
    url: `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
    headers: cookie ? { cookie } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** A WebSocket upgrade with `cookie`: open (kept, closed by the caller) or refused with its status and Retry-After. */
function openSocket(app: FastifyInstance, cookie: string): Promise<{ ws: WebSocket } | { status: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrlOf(app), { headers: { origin: PUBLIC_URL, cookie } });
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] });
    });
    ws.once('error', reject);
  });
}

describe('call limits shared by two server processes', () => {
  const server = useServer(env);
  let second: FastifyInstance;
  const both = () => [server.app, second];
  const syncBoth = () => Promise.all(both().map((app) => app.callLimits.sync()));

  beforeAll(async () => {
    second = await server.extraApp();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });

  it('counts every query of a batch, and answers the batch over the budget 429 with Retry-After, looking up no session', async () => {
    const { cookie } = await signedInPerson(server);
    const lookups = countSessionLookups(server.app);
    const first = await batch(server.app, 20, cookie);
    expect(first.statusCode).toBe(200);
    const refused = await batch(server.app, 20, cookie);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    const answers = refused.json() as Answer[];
    expect(answers).toHaveLength(20);
    for (const answer of answers) expect(answer.error?.json).toMatchObject({ message: expect.stringMatching(/^You're doing that a bit fast/), data: { code: 'TOO_MANY_REQUESTS', retryAfter } });
    // The refusal was decided from the budget alone: the first request looked the session up, the second did not.
    expect(lookups.count).toBe(1);
    // What was refused was not taken: the rest of the budget still serves a smaller page.
    expect((await batch(server.app, person.burst - 20, cookie)).statusCode).toBe(200);
  });

  it('shares one budget between the processes', async () => {
    const { cookie } = await signedInPerson(server);
    expect((await batch(server.app, 20, cookie)).statusCode).toBe(200);
    await syncBoth();
    await syncBoth();
    // The other process knows the 20 already spent here.
    expect((await batch(second, 20, cookie)).statusCode).toBe(429);
    expect((await batch(second, 5, cookie)).statusCode).toBe(200);
  });

  it('counts calls by address too, signed in or not', async () => {
    const strict = await server.extraApp({ ADDRESS_LIMIT_SCALE: '1' });
    const address = '203.0.113.9';
    const { burst } = scaledCallLimits(0.1).budget.address;
    for (let sent = 0; sent + 20 <= burst; sent += 20) expect((await batch(strict, 20, null, address)).statusCode).toBe(200);
    expect((await batch(strict, 20, null, address)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await batch(strict, 20, null, '203.0.113.10')).statusCode).toBe(200);
  });

  it('counts queries and subscription starts over a WebSocket, refusing with TOO_MANY_REQUESTS and the wait', async () => {
    const { cookie } = await signedInPerson(server);
    const { client, close } = wsTrpcClient(server.app, cookie);
    try {
      const outcomes: string[] = [];
      // The upgrade took one call; each query and subscription start takes another.
      for (let i = 0; i < person.burst + 10; i += 1) {
        const outcome =
          i % 3 === 0
            ? await new Promise<string>((resolve) => {
                const sub = client.chat.onInbox.subscribe({}, {
                  onStarted: () => {
                    sub.unsubscribe();
                    resolve('ok');
                  },
                  onError: (e) => resolve(`subscription ${(e.data as { code?: string } | undefined)?.code}`),
                });
              })
            : await client.profiles.me.query().then(
                () => 'ok',
                (e: { data?: { code?: string; retryAfter?: number } }) => `query ${e.data?.code} ${(e.data?.retryAfter ?? 0) >= 1}`,
              );
        outcomes.push(outcome);
        // Within the socket's own message budget (20 a second).
        if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 600));
      }
      // The burst and what refilled meanwhile (a call a second), no more.
      expect(outcomes.filter((o) => o === 'ok').length).toBeLessThanOrEqual(person.burst + 5);
      expect(outcomes).toContain('query TOO_MANY_REQUESTS true');
      expect(outcomes).toContain('subscription TOO_MANY_REQUESTS');
    } finally {
      close();
    }
  });
});

describe('open sockets and live subscriptions, capped per person across two processes', () => {
  const server = useServer(env);
  let second: FastifyInstance;
  // Twice: each process writes its counts, then reads the other's.
  const syncBoth = async () => {
    for (const app of [server.app, second, server.app]) await app.callLimits.sync();
  };
  const rowsOf = async (p: SignedInPerson) => server.database.db.select().from(liveConnections).where(eq(liveConnections.subject, personSubject(p.id)));

  beforeAll(async () => {
    second = await server.extraApp();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });

  it(`refuses a person's socket past ${limits.live.person.sockets} at the upgrade, whichever process it reaches, and counts fall back when sockets close`, async () => {
    const someone = await signedInPerson(server);
    const first = await openSocket(server.app, someone.cookie);
    const other = await openSocket(second, someone.cookie);
    if (!('ws' in first) || !('ws' in other)) throw new Error('the first two sockets should open');
    await syncBoth();
    for (const app of [server.app, second]) {
      const refused = await openSocket(app, someone.cookie);
      expect(refused).toEqual({ status: 429, retryAfter: expect.stringMatching(/^\d+$/) });
    }
    expect(await rowsOf(someone)).toHaveLength(2);
    // A socket that dies (no closing handshake) stops counting as surely as one closed politely.
    first.ws.terminate();
    await expect.poll(() => server.app.callLimits.liveCount(personSubject(someone.id), 'sockets')).toBe(1);
    await syncBoth();
    const again = await openSocket(second, someone.cookie);
    expect('ws' in again).toBe(true);
    if ('ws' in again) again.ws.close();
    other.ws.close();
    await expect.poll(() => second.callLimits.liveCount(personSubject(someone.id), 'sockets')).toBe(0);
    await syncBoth();
    expect(await rowsOf(someone)).toEqual([]);
  });

  it(`refuses a person's live subscription past ${limits.live.person.subscriptions} with TOO_MANY_REQUESTS, across processes`, async () => {
    const someone = await signedInPerson(server);
    const here = wsTrpcClient(server.app, someone.cookie);
    const there = wsTrpcClient(second, someone.cookie);
    const subscribe = (client: typeof here.client) =>
      new Promise<string>((resolve) => {
        client.chat.onInbox.subscribe({}, { onStarted: () => resolve('started'), onError: (e) => resolve(e.message) });
      });
    try {
      const half = limits.live.person.subscriptions / 2;
      for (let i = 0; i < half; i += 1) expect(await subscribe(here.client)).toBe('started');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (let i = 0; i < half; i += 1) expect(await subscribe(there.client)).toBe('started');
      await syncBoth();
      expect(await subscribe(here.client)).toBe(`Too many live updates open (at most ${limits.live.person.subscriptions}). Close a tab or two and try again.`);
      expect(await subscribe(there.client)).toMatch(/^Too many live updates open/);
      // One socket closing ends its subscriptions' counts, here and, once shared, there.
      here.close();
      await expect.poll(() => server.app.callLimits.liveCount(personSubject(someone.id), 'subscriptions')).toBe(0);
      await syncBoth();
      expect(second.callLimits.liveCount(personSubject(someone.id), 'subscriptions')).toBe(half);
      expect(await subscribe(there.client)).toBe('started');
    } finally {
      here.close();
      there.close();
    }
  });
});
