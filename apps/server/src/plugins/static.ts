import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIXES = ['/trpc', '/auth/', '/api/', '/uploads/', '/healthz'];

/**
 * Serves the built web app; any other GET that wants HTML gets index.html so the client router
 * can render the page (its own not-found page included). API paths get a JSON 404.
 */
export const staticPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDist;
  const hasWeb = root !== null && existsSync(join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // The build wrote .br and .gz beside each text asset: sent with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, path) {
        const hashed = path.includes(`${join(root, 'assets')}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ root }, 'No built web app found: run `npm run build`. Only the API is served.');
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const wantsPage =
      hasWeb &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !API_PREFIXES.some((p) => path.startsWith(p)) &&
      (req.headers.accept ?? '').includes('text/html');
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ message: 'Not found' });
  });
});
