import { posts, rateLimits } from '@app/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerOfCommunity, trpcMutation, upload, uploadForm, useServer, wsTrpcClient } from '../testing/index.ts';

/** One tenth of every limit: 3 posts a minute, 6 uploads, 3 sign-outs (sign-in is set apart, by AUTH_RATE_LIMIT_MAX). */
const env = { RATE_LIMIT_SCALE: '0.1' };
const WAIT_MESSAGE = /^You're doing that a bit fast\. Please wait \d+ seconds? and try again\.$/;

describe('rate limits shared by two server processes', () => {
  const server = useServer(env);
  let second: FastifyInstance;
  let cookie: string;
  let userId: string;
  let communityId: string;

  beforeAll(async () => {
    second = await server.extraApp();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    ({ cookie, userId, communityId } = await ownerOfCommunity(server));
  });

  const post = (app: FastifyInstance, content: string) => trpcMutation(app, 'posts.create', { communityId, content }, cookie);
  const postCount = async () => (await server.database.db.select({ id: posts.id }).from(posts).where(eq(posts.communityId, communityId))).length;

  it('refuses the 4th post of the minute with 429 and Retry-After, whichever process takes it, and writes nothing', async () => {
    for (const [app, content] of [[server.app, 'one'], [second, 'two'], [server.app, 'three']] as const) {
      const res = await post(app, content);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await post(second, 'four');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const { error } = refused.json() as { error: { json: { message: string; data: { code: string; retryAfter: number } } } };
    expect(error.json.message).toMatch(WAIT_MESSAGE);
    expect(error.json.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter });
    expect(await postCount()).toBe(3);
  });

  it('refuses it over a WebSocket too, with the wait in the error data', async () => {
    const { client, close } = wsTrpcClient(server.app, cookie);
    try {
      const error = await client.posts.create.mutate({ communityId, content: 'over the socket' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ message: expect.stringMatching(WAIT_MESSAGE), data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, retryAfter: expect.any(Number) } });
      expect(await postCount()).toBe(3);
      // Reading is not limited.
      expect((await client.posts.list.query({ communityId })).items).toHaveLength(3);
    } finally {
      close();
    }
  });

  it('lets posts through again once the window is over', async () => {
    await server.database.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '61 seconds'` })
      .where(eq(rateLimits.key, `post:create:${userId}`));
    const res = await post(second, 'a new minute');
    expect(res.statusCode, res.body).toBe(200);
    expect(await postCount()).toBe(4);
  });

  it('counts uploads per person across processes and answers the 7th with 429 before reading it', async () => {
    const notes = (app: FastifyInstance) => upload(app, 'chat-document', uploadForm(Buffer.from('plain notes'), 'notes.txt', 'text/plain'), cookie);
    for (let i = 0; i < 6; i += 1) {
      const res = await notes(i % 2 ? second : server.app);
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await notes(second);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: expect.stringMatching(WAIT_MESSAGE) });
  });

  it('limits sign-outs from one address', async () => {
    const signOut = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/auth/sign-out', remoteAddress: '198.51.100.7' });
    for (const app of [server.app, second, server.app]) expect((await signOut(app)).statusCode).toBe(200);
    const refused = await signOut(second);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
