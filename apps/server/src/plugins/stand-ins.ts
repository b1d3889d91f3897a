import { isIPv4, isIPv6 } from 'node:net';
import { localCheckoutEnabled } from '@app/api/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../env.ts';
import { STAND_IN_REFUSED, standInRefusedPage } from '../views/stand-in-refused-page.ts';

export interface StandIns {
  /** The local sign-in stands in for Google (no Google credentials, outside production). */
  signIn: boolean;
  /** The local checkout stands in for Polar (no Polar token, outside production). */
  checkout: boolean;
  /** UNSAFE_LOCAL_STAND_INS: every client may use them, not only this computer. */
  unsafe: boolean;
  /** preHandler for every stand-in route: lets through requests from this computer only (unless unsafe). */
  localOnly(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
}

/** Which stand-ins a configuration turns on. */
export function standInsOf(config: AppConfig): Pick<StandIns, 'signIn' | 'checkout' | 'unsafe'> {
  return {
    signIn: !config.google && config.env !== 'production',
    checkout: localCheckoutEnabled(config),
    unsafe: config.unsafeLocalStandIns,
  };
}

/** The warning logged once at start while a stand-in is on, saying who can reach it; null when none is. */
export function standInWarning(config: AppConfig): string | null {
  const { signIn, checkout, unsafe } = standInsOf(config);
  const on = [
    signIn ? 'the local sign-in (anyone using it can sign in under any e-mail address)' : null,
    checkout ? 'the local checkout (paid memberships without payment)' : null,
  ].filter(Boolean);
  if (on.length === 0) return null;
  const who = unsafe
    ? `EVERY client that reaches ${config.host}:${config.port} (UNSAFE_LOCAL_STAND_INS=1): never expose this server`
    : 'requests from this computer only (loopback: 127.0.0.0/8, ::1); other clients get 403';
  return `LOCAL STAND-INS ARE ON: ${on.join(' and ')}. They answer ${who}. Configure Google sign-in and Polar to turn them off.`;
}

/**
 * True for a loopback address: 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6
 * (`::ffff:127.0.0.1`, also written `::ffff:7f00:1`).
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  if (isIPv4(address)) return address.split('.')[0] === '127';
  if (!isIPv6(address)) return false;
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  } catch {
    return false; // e.g. a zone id (fe80::1%eth0): not loopback
  }
  if (canonical === '::1') return true;
  const mapped = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(canonical);
  return mapped !== null && parseInt(mapped[1]!, 16) >> 8 === 127;
}

/** The addresses a forwarding header names (`X-Forwarded-For`, `X-Real-IP`, `Forwarded: for=…`). */
function forwardedAddresses(name: string, value: string): string[] {
  const items = value.split(',').map((item) => item.trim());
  if (name !== 'forwarded') return items;
  return items.flatMap((item) =>
    item
      .split(';')
      .map((pair) => pair.trim())
      .filter((pair) => pair.toLowerCase().startsWith('for='))
      .map((pair) => {
        const node = pair.slice(4).replace(/^"|"$/g, '');
        // "[2001:db8::1]:4711" or "192.0.2.1:4711"
        if (node.startsWith('[')) return node.slice(1, node.indexOf(']'));
        return node.includes(':') && !isIPv6(node) ? node.slice(0, node.lastIndexOf(':')) : node;
      }),
  );
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded'] as const;

/**
 * A request made on this computer: the TCP peer (the socket, never `req.ip`, which follows
 * X-Forwarded-For under TRUST_PROXY) is loopback. A proxy on this computer (a reverse proxy, Vite's
 * dev proxy) relays other people's requests from a loopback socket too; its forwarding headers are
 * believed, but only to refuse: a request forwarded for anyone not on loopback is not local.
 */
export function isLocalRequest(req: FastifyRequest): boolean {
  if (!isLoopback(req.raw.socket?.remoteAddress)) return false;
  for (const name of FORWARDING_HEADERS) {
    const header = req.headers[name];
    if (header === undefined) continue;
    const values = Array.isArray(header) ? header : [header];
    if (!values.every((value) => forwardedAddresses(name, value).every(isLoopback))) return false;
  }
  return true;
}

/**
 * The local stand-ins for Google sign-in and Polar's checkout (development and tests): which are
 * on, the one guard every stand-in route runs first, and a loud warning at start while one is on.
 */
export const standInsPlugin = fp(async (app: FastifyInstance) => {
  const flags = standInsOf(app.config);
  const warning = standInWarning(app.config);
  if (warning) app.log.warn({ standIns: flags }, warning);

  async function localOnly(req: FastifyRequest, reply: FastifyReply) {
    if (flags.unsafe || isLocalRequest(req)) return undefined;
    req.log.warn({ remoteAddress: req.raw.socket?.remoteAddress, url: req.url }, 'local stand-in refused a request from another computer');
    const wantsPage = (req.headers.accept ?? '').includes('text/html') || (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    reply.code(403).header('cache-control', 'no-store');
    if (wantsPage) return reply.type('text/html; charset=utf-8').send(standInRefusedPage());
    return reply.send({ message: STAND_IN_REFUSED.message });
  }

  app.decorate('standIns', { ...flags, localOnly } satisfies StandIns);
});
