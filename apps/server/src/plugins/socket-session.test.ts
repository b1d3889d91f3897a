import { posts } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ownerOfCommunity, sessionIdOf, setSessionExpiry, useServer, wsTrpcClient } from '../testing/index.ts';

/**
 * tRPC makes a WebSocket's context once, when it opens: these check that a session ended after
 * that (signed out here or on another server process, or expired) ends what the socket may do.
 */
describe("a WebSocket after its session's end", () => {
  const server = useServer();
  let second: FastifyInstance;

  beforeAll(async () => {
    second = await server.extraApp();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** A signed-in owner of a community, with a socket to the first process that has a feed subscription running. */
  async function connected() {
    const { cookie, userId, communityId } = await ownerOfCommunity(server);
    const { client, close } = wsTrpcClient(server.app, cookie);
    const subscriptionError = new Promise<unknown>((resolve, reject) => {
      let started = false;
      client.posts.onFeed.subscribe(
        { communityId },
        {
          onStarted: () => (started = true),
          onError: (error) => (started ? resolve(error) : reject(error)),
          onComplete: () => resolve(new Error('completed without an error')),
        },
      );
    });
    // Everything works while signed in.
    await client.posts.create.mutate({ communityId, content: 'while signed in' });
    expect((await client.profiles.me.query())?.id).toBe(userId);
    return { cookie, userId, communityId, client, close, subscriptionError };
  }

  async function expectRefused(socket: Awaited<ReturnType<typeof connected>>) {
    const { client, communityId, subscriptionError } = socket;
    // The subscription ends at once (not at its next 15 s check).
    const ended = await Promise.race([subscriptionError, new Promise((resolve) => setTimeout(() => resolve('still running'), 5000))]);
    expect(ended).toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    await expect(client.posts.create.mutate({ communityId, content: 'after the end' })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    await expect(client.posts.list.query({ communityId })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    await expect(client.membership.leave.mutate({ communityId })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    await expect(new Promise((resolve, reject) => client.posts.onFeed.subscribe({ communityId }, { onStarted: () => resolve('started'), onError: reject }))).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    });
    // Public calls answer as to a visitor.
    expect(await client.profiles.me.query()).toBeNull();
    const rows = await server.database.db.select({ content: posts.content }).from(posts).where(eq(posts.communityId, communityId));
    expect(rows.map((r) => r.content)).toEqual(['while signed in']);
  }

  it('refuses calls and ends subscriptions once the person signs out through this process', async () => {
    const socket = await connected();
    try {
      const res = await server.app.inject({ method: 'POST', url: '/auth/sign-out', headers: { cookie: socket.cookie } });
      expect(res.statusCode).toBe(200);
      await expectRefused(socket);
    } finally {
      socket.close();
    }
  });

  it('does the same when the sign-out went through another server process', async () => {
    const socket = await connected();
    try {
      const res = await second.inject({ method: 'POST', url: '/auth/sign-out', headers: { cookie: socket.cookie } });
      expect(res.statusCode).toBe(200);
      await expectRefused(socket);
    } finally {
      socket.close();
    }
  });

  it('refuses calls once the session has expired', async () => {
    const socket = await connected();
    try {
      await setSessionExpiry(server.database, sessionIdOf(socket.cookie), new Date(Date.now() - DAY_MS));
      await expect(socket.client.posts.create.mutate({ communityId: socket.communityId, content: 'expired' })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
      // Found out by a call, the end also ends the socket's subscriptions.
      expect(await socket.subscriptionError).toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    } finally {
      socket.close();
    }
  });

  it("leaves another session's socket alone", async () => {
    const kept = await connected();
    const other = await connected();
    try {
      await server.app.inject({ method: 'POST', url: '/auth/sign-out', headers: { cookie: other.cookie } });
      await expect(other.client.posts.create.mutate({ communityId: other.communityId, content: 'no' })).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
      await expect(kept.client.posts.create.mutate({ communityId: kept.communityId, content: 'still here' })).resolves.toMatchObject({ content: 'still here' });
      const still = await Promise.race([kept.subscriptionError, new Promise((resolve) => setTimeout(() => resolve('still running'), 500))]);
      expect(still).toBe('still running');
    } finally {
      kept.close();
      other.close();
    }
  });
});
