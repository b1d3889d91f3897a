import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerMemberStranger, signIn, upload, uploadForm, useServer, wsTrpcClient } from '../testing/index.ts';

describe('live feed across two server processes', () => {
  const server = useServer();
  let second: FastifyInstance;
  let owner: string;
  let ownerCookie: string;
  let memberCookie: string;
  let communityId: string;

  beforeAll(async () => {
    second = await server.extraApp();
    for (const app of [server.app, second]) await app.listen({ port: 0, host: '127.0.0.1' });
    // The member signs in through the second process.
    ({ owner, ownerCookie, memberCookie, communityId } = await ownerMemberStranger(server, 'Live', second));
  });

  it("a post created through one process reaches a WebSocket subscriber of the other", async () => {
    const { client, close } = wsTrpcClient(server.app, ownerCookie);
    const received = new Promise<unknown>((resolve, reject) => {
      const sub = client.posts.onFeed.subscribe(
        { communityId },
        {
          onData: (event) => {
            resolve(event);
            sub.unsubscribe();
          },
          onError: reject,
        },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const res = await second.inject({
      method: 'POST',
      url: '/trpc/posts.create',
      headers: { cookie: memberCookie, 'content-type': 'application/json' },
      payload: { json: { communityId, content: 'across processes' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const event = (await received) as { id: string; data: { type: string; post: { content: string; createdAt: Date } } };
    expect(event.id).toMatch(/^\d+$/);
    expect(event.data.type).toBe('post.created');
    expect(event.data.post.content).toBe('across processes');
    expect(event.data.post.createdAt).toBeInstanceOf(Date);
    close();
  });

  it('a stranger cannot subscribe over WebSocket', async () => {
    const strangerCookie = await signIn(server.app);
    const { client, close } = wsTrpcClient(server.app, strangerCookie);
    const error = await new Promise<unknown>((resolve) => {
      client.posts.onFeed.subscribe({ communityId }, { onData: () => resolve(new Error('got data')), onError: resolve });
    });
    expect(error).toMatchObject({ data: { code: 'FORBIDDEN' } });
    close();
  });

  it('serves a post attachment to members only', async () => {
    const pdf = uploadForm(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), 'notes.pdf', 'application/pdf');
    const uploaded = await upload(server.app, 'post-attachment', pdf, ownerCookie);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { key } = uploaded.json() as { key: string };
    const created = await server.app.inject({
      method: 'POST',
      url: '/trpc/posts.create',
      headers: { cookie: ownerCookie, 'content-type': 'application/json' },
      payload: { json: { communityId, content: 'see attached', attachmentKey: key } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { attachmentUrl } = (created.json() as { result: { data: { json: { attachmentUrl: string } } } }).result.data.json;

    const asMember = await second.inject({ method: 'GET', url: attachmentUrl, headers: { cookie: memberCookie } });
    expect(asMember.statusCode).toBe(200);
    expect(asMember.headers['content-type']).toBe('application/pdf');
    expect(asMember.headers['content-disposition']).toMatch(/^attachment;/);
    expect(asMember.body.startsWith('%PDF')).toBe(true);
    expect((await server.app.inject({ method: 'GET', url: attachmentUrl, headers: { cookie: await signIn(server.app) } })).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: attachmentUrl })).statusCode).toBe(401);
  });

  it('serves a chat attachment to the two people of the conversation only', async () => {
    const uploaded = await upload(second, 'chat-document', uploadForm(Buffer.from('plain notes for the chat'), 'notes.txt', 'text/plain'), memberCookie);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const sent = await second.inject({
      method: 'POST',
      url: '/trpc/chat.send',
      headers: { cookie: memberCookie, 'content-type': 'application/json' },
      payload: { json: { communityId, userId: owner, attachmentKey: (uploaded.json() as { key: string }).key, fileName: 'Café notes.txt' } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { attachmentUrl } = (sent.json() as { result: { data: { json: { attachmentUrl: string } } } }).result.data.json;

    const asOwner = await server.app.inject({ method: 'GET', url: attachmentUrl, headers: { cookie: ownerCookie } });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.body).toBe('plain notes for the chat');
    expect(asOwner.headers['content-disposition']).toContain("filename*=UTF-8''Caf%C3%A9%20notes.txt");
    expect((await server.app.inject({ method: 'GET', url: attachmentUrl, headers: { cookie: await signIn(server.app) } })).statusCode).toBe(403);
  });
});
