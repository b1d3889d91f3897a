import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../env.ts';

/** The built web app's folder, or null when there is none (no index.html): then only the API is served. */
export function builtWebApp(config: AppConfig): string | null {
  const root = config.webDist;
  return root !== null && existsSync(join(root, 'index.html')) ? root : null;
}

/**
 * Serves the built web app's files. Its pages (any other GET that wants HTML) are the not-found
 * handler's (plugins/not-found.ts): the client router takes over there.
 */
export const staticPlugin = fp(async (app: FastifyInstance) => {
  const root = builtWebApp(app.config);
  if (!root) {
    app.log.warn({ root: app.config.webDist }, 'No built web app found: run `npm run build`. Only the API is served.');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // '/' is a page like the others (plugins/not-found.ts), not the bare index.html.
    index: false,
    // The build wrote .br and .gz beside each text asset: sent with Content-Encoding and Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(res, path) {
      const hashed = path.includes(`${join(root, 'assets')}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
});
