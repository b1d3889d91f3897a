import type { AddressInfo } from 'node:net';
import type { AppRouter } from '@app/api';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import superjson from 'superjson';
import WebSocket from 'ws';
import { PUBLIC_URL } from './server.ts';

export type WebSocketAttempt = { outcome: 'open' } | { outcome: 'refused'; status: number; closedByServer: boolean };

/**
 * Opens a WebSocket with the given Origin: 'open' when accepted, else the HTTP status of the
 * refusal and whether the server then closed the connection itself (within a second), as it must:
 * nothing else ever closes a socket that came in as an upgrade.
 */
export function tryWebSocket(url: string, origin: string): Promise<WebSocketAttempt> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { Origin: origin } });
    socket.on('open', () => {
      socket.close();
      resolve({ outcome: 'open' });
    });
    socket.on('unexpected-response', (_req, res) => {
      const status = res.statusCode ?? 0;
      const timer = setTimeout(() => {
        socket.terminate();
        resolve({ outcome: 'refused', status, closedByServer: false });
      }, 1000);
      res.socket.once('close', () => {
        clearTimeout(timer);
        resolve({ outcome: 'refused', status, closedByServer: true });
      });
      res.resume();
    });
    socket.on('error', reject);
  });
}

/** The listening app's WebSocket URL (`app.listen` first). */
export function wsUrlOf(app: FastifyInstance): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/trpc`;
}

/** A tRPC client sending every call over one WebSocket to `app`, with `cookie` and our Origin like a browser. */
export function wsTrpcClient(app: FastifyInstance, cookie?: string) {
  class BrowserLikeWebSocket extends WebSocket {
    constructor(url: string | URL) {
      super(url, { headers: { origin: PUBLIC_URL, ...(cookie ? { cookie } : {}) } });
    }
  }
  const ws = createWSClient({ url: wsUrlOf(app), WebSocket: BrowserLikeWebSocket as unknown as typeof globalThis.WebSocket });
  return { client: createTRPCClient<AppRouter>({ links: [wsLink({ client: ws, transformer: superjson })] }), close: () => ws.close() };
}
