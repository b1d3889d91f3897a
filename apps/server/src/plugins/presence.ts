import { announcePresence } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How often this process tells communities that who is online may have changed: at most one
 * `presence.changed` per community per round, however many people came and went in it.
 */
export const PRESENCE_ROUND_MS = 5000;

/**
 * Presence from open sockets: every round, the people whose first WebSocket here opened or last
 * closed (as the call limits wrote to `live_connections`) are announced to their communities'
 * open pages, which refetch `membership.online`. Nothing is written per page view.
 */
export const presencePlugin = fp(async (app: FastifyInstance) => {
  let running: Promise<void> | null = null;
  const round = async () => {
    const people = app.callLimits.takePresenceChanges();
    if (people.length > 0) await announcePresence(app.database.db, people);
  };
  const timer = setInterval(() => {
    running ??= round()
      .catch((err: unknown) => app.log.error({ err }, 'announcing who is online failed'))
      .finally(() => (running = null));
  }, PRESENCE_ROUND_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
