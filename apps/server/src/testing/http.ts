import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import superjson from 'superjson';
import { expect } from 'vitest';
import { PUBLIC_URL } from './server.ts';

let emailCounter = 0;
/** A fresh e-mail address per call, so tests never share a person by accident. */
export function uniqueEmail(prefix = 'person'): string {
  emailCounter += 1;
  return `${prefix}.${emailCounter}.${process.pid}.${Date.now()}@example.com`;
}

/** The `session` cookie a response sets, or undefined when it sets none. */
export function sessionCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'session');
}

/** The raw Set-Cookie line for `name`, for checking attributes exactly as the browser sees them. */
export function setCookieLine(res: LightMyRequestResponse, name: string): string | undefined {
  const header = res.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.find((line) => line.startsWith(`${name}=`));
}

/** Signs in through POST /auth/dev/sign-in and returns the cookie header value `session=…`. */
export async function signIn(
  app: FastifyInstance,
  email: string = uniqueEmail(),
  options: { cookie?: string; name?: string } = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/dev/sign-in',
    payload: { email, ...(options.name ? { name: options.name } : {}) },
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookieOf(res);
  expect(cookie?.value).toBeTruthy();
  return `session=${cookie!.value}`;
}

/** The session id inside a `session=…` cookie string. */
export function sessionIdOf(cookie: string): string {
  return cookie.slice('session='.length);
}

/** GET /trpc/profiles.me over HTTP; `data` is the superjson `json` part of the result. */
export async function fetchMe(app: FastifyInstance, cookie?: string) {
  const res = await app.inject({ method: 'GET', url: '/trpc/profiles.me', headers: cookie ? { cookie } : {} });
  const body = res.json() as { result?: { data?: { json?: unknown } } };
  return { res, status: res.statusCode, data: body.result?.data?.json as { id: string; username: string; email: string } | null };
}

/** GET `url`, signed in with `cookie` or as a visitor (null). */
export function getAs(app: FastifyInstance, url: string, cookie: string | null) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** A tRPC mutation over HTTP, as the web app sends it (superjson, from our own origin). */
export function trpcMutation(app: FastifyInstance, path: string, input: unknown, cookie: string) {
  return app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { cookie, 'content-type': 'application/json', origin: PUBLIC_URL },
    payload: superjson.serialize(input),
  });
}

/** A tRPC query over HTTP, as the web app sends it. */
export function trpcQuery(app: FastifyInstance, path: string, input: unknown, cookie: string) {
  return app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`, headers: { cookie } });
}

/** What a tRPC call over HTTP answered: its status, its data (deserialized) or its error's message. */
export function trpcAnswer<T>(res: LightMyRequestResponse) {
  const body = res.json() as { result?: { data: never }; error?: { json: { message: string } } };
  return { status: res.statusCode, data: body.result ? superjson.deserialize<T>(body.result.data) : null, message: body.error?.json.message };
}

/** A multipart body with one file, as the browser's upload sends it. */
export function uploadForm(bytes: Buffer, name: string, type: string, field = 'file'): FormData {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return body;
}

/** POST /api/uploads/:kind with `payload` (see uploadForm). */
export function upload(app: FastifyInstance, kind: string, payload: FormData, cookie?: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: `/api/uploads/${kind}`, payload, headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

/** A PNG of one colour, for image uploads. */
export function testPng(width: number, height: number, background = { r: 200, g: 80, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}
