import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';

/** How long closing waits for sockets told to reconnect to leave on their own, before closing the rest. */
export const SOCKET_DRAIN_MS = 3_000;

/** tRPC's "reconnect elsewhere" notification (what applyWSSHandler's broadcastReconnectNotification sends). */
export const RECONNECT_MESSAGE = JSON.stringify({ id: null, method: 'reconnect' });

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the app is closing: /healthz answers 503 so that a balancer checking it sends no more. */
    draining: boolean;
  }
}

/**
 * Graceful shutdown (app.close(), which main.ts runs on SIGTERM):
 * 1. /healthz answers 503 at once, and for SHUTDOWN_DELAY_MS (0 by default) every call is still
 *    served, so a balancer that checks /healthz stops sending here before the process stops
 *    accepting. Closing a listening socket resets the connections still waiting in its accept
 *    queue, calls the balancer has already sent among them, which it cannot resend safely (a POST).
 * 2. The process stops accepting connections, so the balancer sends the next ones to another
 *    process; calls in flight finish and their connections close after their answer (the app is
 *    built with return503OnClosing off, so a call already on its way over a kept-alive connection
 *    is served rather than refused).
 * 3. Every WebSocket is told to reconnect, and its subscriptions resume elsewhere from their last
 *    event id.
 * Registered before the tRPC plugin: its preClose hook runs before @fastify/websocket's, which
 * closes whatever sockets are left.
 */
export const drainPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('draining', false);

  // Hooks on every request are plain callbacks: an async one costs each request a promise and a turn.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (app.draining) void reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('preClose', async () => {
    app.draining = true;
    if (!app.server.listening) return;
    if (app.config.shutdownDelayMs > 0) await sleep(app.config.shutdownDelayMs);
    // No new connections; idle kept-alive ones close now (Fastify's own close later finds it closed).
    app.server.close();
    const sockets = app.websocketServer?.clients;
    if (!sockets || sockets.size === 0) return;
    for (const socket of sockets) if (socket.readyState === WebSocket.OPEN) socket.send(RECONNECT_MESSAGE);
    const deadline = Date.now() + SOCKET_DRAIN_MS;
    while (sockets.size > 0 && Date.now() < deadline) await sleep(50);
  });
});
