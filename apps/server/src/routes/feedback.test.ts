import { describe, expect, it } from 'vitest';
import { getAs, signIn, testPng, trpcAnswer, trpcMutation, uniqueEmail, upload as uploadTo, uploadForm, useServer } from '../testing/index.ts';

const ADMIN_EMAIL = 'wall.admin@example.com';

describe("the feedback wall's attachments and admins, over HTTP", () => {
  const server = useServer({ ADMIN_EMAILS: `someone@example.com, ${ADMIN_EMAIL.toUpperCase()}` });

  const upload = (cookie: string, file: Buffer, name: string, type: string) => uploadTo(server.app, 'feedback-media', uploadForm(file, name, type), cookie);
  const call = async <T>(path: string, input: unknown, cookie: string) => trpcAnswer<T>(await trpcMutation(server.app, path, input, cookie));
  const get = (url: string, cookie: string | null) => getAs(server.app, url, cookie);

  it('serves an attachment to signed-in people only, and removes it with the feedback', async () => {
    const author = await signIn(server.app);
    const reader = await signIn(server.app);
    const uploaded = await upload(author, await testPng(40, 20), 'shot.png', 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { key, url } = uploaded.json() as { key: string; url: string | null };
    // A private bucket: never served by its key.
    expect(url).toBeNull();
    expect((await get(`/uploads/documents-feedbacks/${key}`, reader)).statusCode).toBe(404);

    const created = await call<{ id: string; media: { url: string; type: string } }>('feedback.create', { content: 'See the picture', rating: 4, mediaKey: key }, author);
    expect(created.status).toBe(200);
    const media = created.data!.media;
    expect(media).toEqual({ url: `/api/feedbacks/${created.data!.id}/media`, type: 'image', contentType: 'image/webp' });
    const served = await get(media.url, reader);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('private');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
    expect((await get(media.url, null)).statusCode).toBe(401);
    expect((await get(`/api/feedbacks/${crypto.randomUUID()}/media`, reader)).statusCode).toBe(404);
    expect((await get('/api/feedbacks/not-an-id/media', reader)).statusCode).toBe(404);

    expect((await call('feedback.delete', { feedbackId: created.data!.id }, author)).status).toBe(200);
    expect((await get(media.url, reader)).statusCode).toBe(404);
  });

  it("refuses a file type the spec does not list with 'Unsupported file type.'", async () => {
    const author = await signIn(server.app);
    const text = await upload(author, Buffer.from('just some notes\n'), 'notes.txt', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect((text.json() as { message: string }).message).toBe('Unsupported file type.');
  });

  it('lets a person named in ADMIN_EMAILS remove anyone’s feedback, and nobody else', async () => {
    const author = await signIn(server.app);
    const other = await signIn(server.app, uniqueEmail('other'));
    const admin = await signIn(server.app, ADMIN_EMAIL);
    const created = await call<{ id: string }>('feedback.create', { content: 'Remove me if you can', rating: 1 }, author);
    const refused = await call('feedback.delete', { feedbackId: created.data!.id }, other);
    expect(refused).toMatchObject({ status: 403, message: 'Only its author or a platform admin can delete this feedback.' });
    expect((await call('feedback.delete', { feedbackId: created.data!.id }, admin)).status).toBe(200);
    const listed = await server.app.inject({ method: 'GET', url: `/trpc/feedback.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`, headers: { cookie: other } });
    expect(listed.body).not.toContain(created.data!.id);
  });
});
