import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { EARLY_CLICKS_SCRIPT } from '@app/shared/prerendered';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The one inline script the pages carry (prerendered pages hold early clicks with it), allowed by its hash. */
export const EARLY_CLICKS_HASH = `'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT).digest('base64')}'`;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when a browser request comes from our own pages (or carries no browser origin at all). */
export function isSameOrigin(app: FastifyInstance, req: FastifyRequest): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = req.headers.origin;
  if (!origin) return true;
  if (origin === app.config.publicUrl || app.config.allowedOrigins.includes(origin)) return true;
  return origin === `${req.protocol}://${req.host}`;
}

/**
 * The headers helmet sets with `options`, worked out once: none of ours depends on the request.
 * (`@fastify/helmet` built helmet's middleware again for every request, CSP parsing included,
 * about 18 µs of each; a small API answer takes some 400.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers, and CSRF protection by Origin for every state-changing request and for the
 * WebSocket upgrade. (Rate limits are plugins/rate-limit.ts.)
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const https = app.config.publicUrl.startsWith('https:');
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", EARLY_CLICKS_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ['https://www.youtube.com', 'https://player.vimeo.com', 'https://www.tiktok.com', 'https://www.facebook.com'],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // With 'no-referrer' (helmet's default) browsers send `Origin: null` on same-origin POSTs,
    // which the Origin check below would refuse.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: https,
    crossOriginEmbedderPolicy: false,
  });
  // One hook for both, and a plain callback: every request passes it, and an async one costs each a promise and a turn.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    const upgrade = req.headers.upgrade?.toLowerCase() === 'websocket';
    if ((upgrade || !SAFE_METHODS.has(req.method)) && !isSameOrigin(app, req)) {
      // Node's HTTP server has let go of an upgrade's socket and this hook runs before the WebSocket
      // plugin marks the request as one, so nothing else would close it: close it once answered.
      if (upgrade) reply.raw.once('finish', () => req.raw.socket.destroy());
      // Answered here: the request goes no further (a callback hook that answers does not call done).
      void reply.code(403).send({ message: 'Cross-origin request refused.' });
      return;
    }
    done();
  });
});
