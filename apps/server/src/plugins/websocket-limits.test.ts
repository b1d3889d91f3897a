import { MAX_SUBSCRIPTIONS_PER_SOCKET } from '@app/api/server';
import { rateLimits } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ownerOfCommunity, PUBLIC_URL, useServer, wsTrpcClient, wsUrlOf } from '../testing/index.ts';
import { POLICY_VIOLATION, tooManyMessagesReason, WS_MESSAGE_LIMITS } from './websocket-limits.ts';

/** A raw socket, for sending faster than any tRPC client would: its answers by id, and how it closed. */
async function rawSocket(url: string, cookie: string) {
  const ws = new WebSocket(url, { headers: { origin: PUBLIC_URL, cookie } });
  const answered = new Set<unknown>();
  ws.on('message', (data) => {
    const text = String(data);
    if (text === 'PING' || text === 'PONG') return;
    const message = JSON.parse(text) as { id: unknown };
    answered.add(message.id);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const query = (id: number) => ({ id, method: 'query', params: { path: 'profiles.me', input: { json: null } } });
  return { ws, answered, closed, query };
}

describe('WebSocket limits', () => {
  const server = useServer();
  let cookie: string;
  let userId: string;
  let communityId: string;

  beforeAll(async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    ({ cookie, userId, communityId } = await ownerOfCommunity(server));
  });

  it(`refuses a socket's subscription past ${MAX_SUBSCRIPTIONS_PER_SOCKET} with TOO_MANY_REQUESTS, and takes one again when one ends`, async () => {
    const { client, close } = wsTrpcClient(server.app, cookie);
    const other = wsTrpcClient(server.app, cookie);
    try {
      const subscribe = () =>
        new Promise<{ unsubscribe(): void }>((resolve, reject) => {
          const sub = client.posts.onFeed.subscribe({ communityId }, { onStarted: () => resolve(sub), onError: reject });
        });
      const running = [];
      // One at a time, as a page would, within the socket's message budget.
      for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET; i += 1) {
        running.push(await subscribe());
        if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await expect(subscribe()).rejects.toMatchObject({ data: { code: 'TOO_MANY_REQUESTS' }, message: expect.stringContaining(`at most ${MAX_SUBSCRIPTIONS_PER_SOCKET}`) });

      // Another socket is not affected, and queries still work on this one.
      const elsewhere = await new Promise<unknown>((resolve, reject) => {
        other.client.posts.onFeed.subscribe({ communityId }, { onStarted: () => resolve('started'), onError: reject });
      });
      expect(elsewhere).toBe('started');
      expect((await client.profiles.me.query())?.id).toBeTruthy();

      running.pop()!.unsubscribe();
      await expect.poll(() => subscribe().then(() => 'started', (e: { data?: { code?: string } }) => e.data?.code), { timeout: 3000 }).toBe('started');
    } finally {
      close();
      other.close();
    }
  });

  it(`closes a socket sending more than ${WS_MESSAGE_LIMITS.perSecond} messages a second (past a burst of ${WS_MESSAGE_LIMITS.burst}) with 1008 and a reason, and serves the others`, async () => {
    const bystander = wsTrpcClient(server.app, cookie);
    const flooder = await rawSocket(wsUrlOf(server.app), cookie);
    try {
      expect((await bystander.client.profiles.me.query())?.id).toBeTruthy();
      // Each mutation that reaches tRPC is counted (then refused for its empty input): the count says how many did.
      const sent = 100;
      for (let id = 1; id <= sent; id += 1) flooder.ws.send(JSON.stringify({ id, method: 'mutation', params: { path: 'profiles.updateNotifications', input: { json: {} } } }));
      expect(await flooder.closed).toEqual({ code: POLICY_VIOLATION, reason: tooManyMessagesReason(WS_MESSAGE_LIMITS) });
      const reached = async () => {
        const [counter] = await server.database.db.select().from(rateLimits).where(eq(rateLimits.key, `mutation:profiles.updateNotifications:${userId}`));
        return counter?.hits ?? 0;
      };
      // The burst went through (the socket closing does not stop what was taken), a few calls of the
      // person at a time (CALL_LIMITS.inFlightPerPerson); what came past it was dropped unread.
      await expect.poll(reached, { timeout: 10_000 }).toBeGreaterThanOrEqual(WS_MESSAGE_LIMITS.burst);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await reached()).toBeLessThan(WS_MESSAGE_LIMITS.burst + 5);
      expect((await bystander.client.profiles.me.query())?.id).toBeTruthy();
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      bystander.close();
    }
  });

  it('counts each operation of a batched message', async () => {
    const flooder = await rawSocket(wsUrlOf(server.app), cookie);
    const batch = Array.from({ length: WS_MESSAGE_LIMITS.burst + 1 }, (_, i) => ({ id: i + 1, method: 'mutation', params: { path: 'profiles.update', input: { json: {} } } }));
    flooder.ws.send(JSON.stringify(batch));
    expect((await flooder.closed).code).toBe(POLICY_VIOLATION);
    // None of it reached tRPC (each would have been counted).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await server.database.db.select().from(rateLimits).where(eq(rateLimits.key, `mutation:profiles.update:${userId}`))).toEqual([]);
    expect(flooder.answered.size).toBe(0);
  });

  it('keeps a socket that sends within its budget', async () => {
    const steady = await rawSocket(wsUrlOf(server.app), cookie);
    let id = 0;
    // Twice the burst over about three seconds: under the rate once the burst is spent.
    for (let round = 0; round < 4; round += 1) {
      for (let i = 0; i < WS_MESSAGE_LIMITS.burst / 2; i += 1) steady.ws.send(JSON.stringify(steady.query(++id)));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await expect.poll(() => steady.answered.size).toBe(id);
    expect(steady.ws.readyState).toBe(WebSocket.OPEN);
    steady.ws.close();
  });
});
