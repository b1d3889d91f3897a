import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceptedLanguages, languageCookie, pickLanguage } from '@app/shared/language';
import { isPrerenderedPage, prerenderedFile } from '@app/shared/prerendered';

const API_PREFIXES = ['/trpc', '/auth/', '/api/', '/uploads/', '/healthz'];

/**
 * Serves the built web app; any other GET that wants HTML gets a page for the client router to take
 * over (its own not-found page included). API paths get a JSON 404.
 *
 * The page is in the visitor's language (the `lang` cookie, else Accept-Language, else English): a
 * public page rendered ahead of time at build when nobody is signed in (it paints before any script
 * runs, then hydrates), else the empty shell, whose script draws the page.
 */
export const staticPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDist;
  const hasWeb = root !== null && existsSync(join(root, 'index.html'));
  // A build without pages rendered ahead of time (an older one) still works, from index.html.
  const prerendered = hasWeb && existsSync(join(root, prerenderedFile('en', null)));

  function pageFile(req: FastifyRequest, path: string): string {
    if (!prerendered) return 'index.html';
    const language = pickLanguage(languageCookie(req.headers.cookie), acceptedLanguages(req.headers['accept-language']));
    const signedIn = app.lucia.readSessionCookie(req.headers.cookie ?? '') !== null;
    return prerenderedFile(language, !signedIn && isPrerenderedPage(path) ? path : null);
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // '/' is a page like the others (below), not the bare index.html.
      index: false,
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
    if (wantsPage) {
      return reply.header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Language').sendFile(pageFile(req, path));
    }
    return reply.code(404).send({ message: 'Not found' });
  });
});
