import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pushSubscription } from '@app/api/server';
import { createTRPCClient, createWSClient, TRPCClientError, wsLink } from '@trpc/client';
import { initTRPC, tracked, TRPCError } from '@trpc/server';
import { getWSConnectionHandler } from '@trpc/server/adapters/ws';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';

/**
 * tRPC's WebSocket loop, as patches/@trpc+server+11.22.1.patch changes it: a subscription that sends
 * its values itself (platform/live/push.ts) is not iterated; its values reach the client as the loop
 * would have sent them (tracked ids, the transformer), its end and its error too, and the client
 * stopping aborts it.
 */
const when = new Date('2026-12-05T10:00:00.000Z');
const seen = { iterated: 0, signal: null as AbortSignal | null };

const t = initTRPC.create({ transformer: superjson });
/** A push subscription that counts being read as an iterator instead. */
function watched<T>(subscription: ReturnType<typeof pushSubscription<T>>) {
  return {
    ...subscription,
    [Symbol.asyncIterator]() {
      seen.iterated += 1;
      return subscription[Symbol.asyncIterator]();
    },
  };
}
const router = t.router({
  pushed: t.procedure.subscription(() =>
    watched(
      pushSubscription(async (send, signal) => {
        seen.signal = signal;
        send(tracked('1', { n: 1, at: when }));
        send(tracked('2', { n: 2, at: when }));
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      }),
    ),
  ),
  refused: t.procedure.subscription(() =>
    watched(
      pushSubscription(async (send) => {
        send(tracked('7', { n: 7, at: when }));
        throw new TRPCError({ code: 'FORBIDDEN', message: 'No longer a member.' });
      }),
    ),
  ),
});

const server = createServer();
const sockets = new WebSocketServer({ server });
sockets.on('connection', getWSConnectionHandler({ router, wss: sockets, createContext: () => ({}) }));
let ws: ReturnType<typeof createWSClient>;
let client: ReturnType<typeof createTRPCClient<typeof router>>;

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  ws = createWSClient({ url: `ws://127.0.0.1:${port}`, WebSocket: WebSocket as unknown as typeof globalThis.WebSocket });
  client = createTRPCClient<typeof router>({ links: [wsLink({ client: ws, transformer: superjson })] });
});

afterAll(async () => {
  await ws.close();
  sockets.close();
  server.close();
});

describe("tRPC's WebSocket loop and push subscriptions", () => {
  it('sends what a push subscription sends, tracked and transformed, without iterating it, and stopping aborts it', async () => {
    const got: unknown[] = [];
    const subscription = client.pushed.subscribe(undefined, { onData: (value) => void got.push(value) });
    await expect.poll(() => got.length).toBe(2);
    expect(got).toEqual([
      { id: '1', data: { n: 1, at: when } },
      { id: '2', data: { n: 2, at: when } },
    ]);
    expect(seen.signal?.aborted).toBe(false);
    subscription.unsubscribe();
    await expect.poll(() => seen.signal?.aborted).toBe(true);
    expect(seen.iterated).toBe(0);
  });

  it('answers the error that ends a push subscription, after what it sent', async () => {
    const got: unknown[] = [];
    const errors: unknown[] = [];
    const subscription = client.refused.subscribe(undefined, { onData: (value) => void got.push(value), onError: (error) => void errors.push(error) });
    await expect.poll(() => errors.length).toBe(1);
    subscription.unsubscribe();
    expect(got).toEqual([{ id: '7', data: { n: 7, at: when } }]);
    const [error] = errors;
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<typeof router>).message).toBe('No longer a member.');
    expect((error as TRPCClientError<typeof router>).data?.code).toBe('FORBIDDEN');
    expect(seen.iterated).toBe(0);
  });
});
