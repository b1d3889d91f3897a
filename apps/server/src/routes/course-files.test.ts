import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerMemberStranger, useServer } from '../test-helpers.ts';

/** tRPC over HTTP, as the browser sends a mutation. */
function call(server: ReturnType<typeof useServer>, path: string, input: unknown, cookie: string) {
  return server.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, headers: { cookie } });
}

/** Uploads `body` as `name` to the upload kind, as the owner's editor does, and answers the key. */
async function uploadAs(server: ReturnType<typeof useServer>, kind: string, name: string, body: Buffer, type: string, cookie: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)], { type }), name);
  const res = await server.app.inject({ method: 'POST', url: `/api/uploads/${kind}`, payload: form, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { key: string }).key;
}

const data = <T,>(res: { json(): unknown }) => (res.json() as { result: { data: { json: T } } }).result.data.json;

function mutate(server: ReturnType<typeof useServer>, path: string, input: unknown, cookie: string) {
  return server.app.inject({ method: 'POST', url: `/trpc/${path}`, payload: { json: input }, headers: { cookie } });
}

describe('course files', () => {
  const server = useServer();
  let ownerCookie: string;
  let memberCookie: string;
  let strangerCookie: string;
  let communityId: string;

  beforeAll(async () => {
    ({ ownerCookie, memberCookie, strangerCookie, communityId } = await ownerMemberStranger(server, 'Covers'));
  });

  it('are stored privately and served only to those who may see the course', async () => {
    const form = new FormData();
    const image = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 30, g: 90, b: 200 } } }).png().toBuffer();
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'cover.png');
    const uploaded = await server.app.inject({ method: 'POST', url: '/api/uploads/course-cover', payload: form, headers: { cookie: ownerCookie } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { key, url } = uploaded.json() as { key: string; url: string | null };
    // No public URL: the bucket is private.
    expect(url).toBeNull();
    expect((await server.app.inject({ method: 'GET', url: `/uploads/course_covers/${key}` })).statusCode).toBe(404);

    const created = await mutate(server, 'courses.create', { communityId, title: 'Painting', description: 'Colour and light', coverKey: key }, ownerCookie);
    expect(created.statusCode, created.body).toBe(200);
    const course = (created.json() as { result: { data: { json: { id: string; coverUrl: string } } } }).result.data.json;
    const fetchAs = (cookie: string | null) => server.app.inject({ method: 'GET', url: course.coverUrl, headers: cookie ? { cookie } : {} });

    const asOwner = await fetchAs(ownerCookie);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.headers['content-type']).toMatch(/^image\//);
    expect(asOwner.headers['cache-control']).toContain('private');
    // The course is private: members do not learn it exists; strangers and visitors are refused.
    expect((await fetchAs(memberCookie)).statusCode).toBe(404);
    expect((await fetchAs(strangerCookie)).statusCode).toBe(403);
    expect((await fetchAs(null)).statusCode).toBe(401);

    const shown = await mutate(server, 'courses.update', { courseId: course.id, title: 'Painting', description: 'Colour and light', coverKey: key, isPrivate: false }, ownerCookie);
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await fetchAs(memberCookie)).statusCode).toBe(200);
    expect((await fetchAs(strangerCookie)).statusCode).toBe(403);
  });

  it("serves a module's documents and images and a lesson's resource only to those who may see the course, and only files it holds", async () => {
    const pdf = await uploadAs(server, 'course-document', 'notes.pdf', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'application/pdf', ownerCookie);
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: { r: 200, g: 50, b: 50 } } }).png().toBuffer();
    const image = await uploadAs(server, 'course-image', 'chart.png', png, 'image/png', ownerCookie);
    const course = data<{ id: string }>(await mutate(server, 'courses.create', { communityId, title: 'Files', description: 'With files' }, ownerCookie));
    const moduleId = crypto.randomUUID();
    const saved = await mutate(server, 'courses.saveModule', { courseId: course.id, clientId: moduleId, title: 'Week 1', documentKeys: [pdf], imageKeys: [image] }, ownerCookie);
    expect(saved.statusCode, saved.body).toBe(200);
    const lesson = data<{ id: string }>(await mutate(server, 'courses.addLesson', { moduleId }, ownerCookie));
    await mutate(server, 'courses.updateLesson', { lessonId: lesson.id, title: 'Read me', fileKey: pdf }, ownerCookie);

    const module = data<{ documents: { url: string }[]; images: { url: string }[] }>(await call(server, 'courses.module', { moduleId }, ownerCookie));
    const [documentUrl, imageUrl, lessonUrl] = [module.documents[0]!.url, module.images[0]!.url, `/api/lessons/${lesson.id}/file`];
    const fetchAs = (url: string, cookie: string | null) => server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    const document = await fetchAs(documentUrl, ownerCookie);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toMatch(/^attachment/);
    const picture = await fetchAs(imageUrl, ownerCookie);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
    expect(picture.headers['content-disposition']).toMatch(/^inline/);
    expect((await fetchAs(lessonUrl, ownerCookie)).statusCode).toBe(200);

    // The course is private: members are told nothing exists; strangers and visitors are refused.
    for (const url of [documentUrl, imageUrl, lessonUrl]) {
      expect((await fetchAs(url, memberCookie)).statusCode).toBe(404);
      expect((await fetchAs(url, strangerCookie)).statusCode).toBe(403);
      expect((await fetchAs(url, null)).statusCode).toBe(401);
    }
    await mutate(server, 'courses.update', { courseId: course.id, title: 'Files', description: 'With files', isPrivate: false }, ownerCookie);
    for (const url of [documentUrl, imageUrl, lessonUrl]) {
      expect((await fetchAs(url, memberCookie)).statusCode).toBe(200);
      expect((await fetchAs(url, strangerCookie)).statusCode).toBe(403);
    }
    // Only keys the module holds: another upload of the owner's, or a path out of the bucket, is not found.
    const other = await uploadAs(server, 'course-document', 'other.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf', ownerCookie);
    expect((await fetchAs(`/api/course-modules/${moduleId}/files/${other}`, memberCookie)).statusCode).toBe(404);
    expect((await fetchAs(`/api/course-modules/${moduleId}/files/..%2F..%2Fetc%2Fpasswd`, memberCookie)).statusCode).toBe(404);
  });
});
