import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceptedLanguages, languageCookie, pickLanguage, type Language } from '@app/shared/language';
import { isPrerenderedPage, prerenderedFile } from '@app/shared/prerendered';
import { sendCompressedPage } from './compression.ts';
import { builtWebApp } from './static.ts';

const API_PREFIXES = ['/trpc', '/auth/', '/api/', '/uploads/', '/healthz'];

/**
 * The one 404 handler. A GET that wants HTML, outside the API, gets a page of the built web app for
 * the client router to take over (its own not-found page included); anything else a JSON 404.
 *
 * The page is in the visitor's language (the `lang` cookie, else Accept-Language, else English): a
 * public page rendered ahead of time at build when nobody is signed in (it paints before any script
 * runs, then hydrates); for a signed-in member on a page they live in, the page rendered for them
 * now (plugins/member-pages.ts); else the empty shell, whose script draws the page.
 */
export const notFoundPlugin = fp(async (app: FastifyInstance) => {
  const root = builtWebApp(app.config);
  // A build without pages rendered ahead of time (an older one) still works, from index.html.
  const prerendered = root !== null && existsSync(join(root, prerenderedFile('en', null)));

  function pageFile(req: FastifyRequest, path: string, language: Language): string {
    if (!prerendered) return 'index.html';
    const signedIn = app.lucia.readSessionCookie(req.headers.cookie ?? '') !== null;
    return prerenderedFile(language, !signedIn && isPrerenderedPage(path) ? path : null);
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const wantsPage =
      root !== null &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !API_PREFIXES.some((p) => path.startsWith(p)) &&
      (req.headers.accept ?? '').includes('text/html');
    if (wantsPage) {
      const language = pickLanguage(languageCookie(req.headers.cookie), acceptedLanguages(req.headers['accept-language']));
      reply.header('vary', 'Cookie, Accept-Language');
      // A member's page rendered for them is theirs alone: never kept by a cache, shared or their own.
      const rendered = await app.renderMemberPage(req, path, language);
      if (rendered !== null) return sendCompressedPage(req, reply.header('cache-control', 'private, no-store'), rendered);
      return reply.header('cache-control', 'no-cache').sendFile(pageFile(req, path, language));
    }
    return reply.code(404).send({ message: 'Not found' });
  });
});
