import { LEVEL_MESSAGES } from '@app/shared/levels';
import { describe, expect, it } from 'vitest';
import { getAs, testPng, trpcAnswer, trpcMutation, trpcQuery, upload, uploadForm, type ServerFixture, useOwnerMemberStranger } from '../testing/index.ts';

const call = (server: ServerFixture, path: string, input: unknown, cookie: string) => trpcQuery(server.app, path, input, cookie);
const mutate = (server: ServerFixture, path: string, input: unknown, cookie: string) => trpcMutation(server.app, path, input, cookie);
const data = <T,>(res: Parameters<typeof trpcAnswer>[0]) => trpcAnswer<T>(res).data!;

/** Uploads `body` as `name` to the upload kind, as the owner's editor does, and answers the key. */
async function uploadAs(server: ServerFixture, kind: string, name: string, body: Buffer, type: string, cookie: string) {
  const res = await upload(server.app, kind, uploadForm(body, name, type), cookie);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { key: string }).key;
}

describe('course files', () => {
  const scene = useOwnerMemberStranger('Covers');
  const { server } = scene;

  it('are stored privately and served only to those who may see the course', async () => {
    const uploaded = await upload(server.app, 'course-cover', uploadForm(await testPng(40, 20), 'cover.png', 'image/png'), scene.ownerCookie);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { key, url } = uploaded.json() as { key: string; url: string | null };
    // No public URL: the bucket is private.
    expect(url).toBeNull();
    expect((await server.app.inject({ method: 'GET', url: `/uploads/course_covers/${key}` })).statusCode).toBe(404);

    const created = await mutate(server, 'courses.create', { communityId: scene.communityId, title: 'Painting', description: 'Colour and light', coverKey: key }, scene.ownerCookie);
    expect(created.statusCode, created.body).toBe(200);
    const course = data<{ id: string; coverUrl: string }>(created);
    const fetchAs = (cookie: string | null) => getAs(server.app, course.coverUrl, cookie);

    const asOwner = await fetchAs(scene.ownerCookie);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.headers['content-type']).toMatch(/^image\//);
    expect(asOwner.headers['cache-control']).toContain('private');
    // The course is private: members do not learn it exists; strangers and visitors are refused.
    expect((await fetchAs(scene.memberCookie)).statusCode).toBe(404);
    expect((await fetchAs(scene.strangerCookie)).statusCode).toBe(403);
    expect((await fetchAs(null)).statusCode).toBe(401);

    const shown = await mutate(server, 'courses.update', { courseId: course.id, title: 'Painting', description: 'Colour and light', coverKey: key, isPrivate: false }, scene.ownerCookie);
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await fetchAs(scene.memberCookie)).statusCode).toBe(200);
    expect((await fetchAs(scene.strangerCookie)).statusCode).toBe(403);
  });

  it("serves a module's documents and images and a lesson's resource only to those who may see the course, and only files it holds", async () => {
    const pdf = await uploadAs(server, 'course-document', 'notes.pdf', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'application/pdf', scene.ownerCookie);
    const image = await uploadAs(server, 'course-image', 'chart.png', await testPng(30, 30), 'image/png', scene.ownerCookie);
    const course = data<{ id: string }>(await mutate(server, 'courses.create', { communityId: scene.communityId, title: 'Files', description: 'With files' }, scene.ownerCookie));
    const moduleId = crypto.randomUUID();
    const saved = await mutate(server, 'courses.saveModule', { courseId: course.id, clientId: moduleId, title: 'Week 1', documentKeys: [pdf], imageKeys: [image] }, scene.ownerCookie);
    expect(saved.statusCode, saved.body).toBe(200);
    const lesson = data<{ id: string }>(await mutate(server, 'courses.addLesson', { moduleId }, scene.ownerCookie));
    await mutate(server, 'courses.updateLesson', { lessonId: lesson.id, title: 'Read me', fileKey: pdf }, scene.ownerCookie);

    const module = data<{ documents: { url: string }[]; images: { url: string }[] }>(await call(server, 'courses.module', { moduleId }, scene.ownerCookie));
    const [documentUrl, imageUrl, lessonUrl] = [module.documents[0]!.url, module.images[0]!.url, `/api/lessons/${lesson.id}/file`];
    const fetchAs = (url: string, cookie: string | null) => getAs(server.app, url, cookie);

    const document = await fetchAs(documentUrl, scene.ownerCookie);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toMatch(/^attachment/);
    const picture = await fetchAs(imageUrl, scene.ownerCookie);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
    expect(picture.headers['content-disposition']).toMatch(/^inline/);
    expect((await fetchAs(lessonUrl, scene.ownerCookie)).statusCode).toBe(200);

    // The course is private: members are told nothing exists; strangers and visitors are refused.
    for (const url of [documentUrl, imageUrl, lessonUrl]) {
      expect((await fetchAs(url, scene.memberCookie)).statusCode).toBe(404);
      expect((await fetchAs(url, scene.strangerCookie)).statusCode).toBe(403);
      expect((await fetchAs(url, null)).statusCode).toBe(401);
    }
    await mutate(server, 'courses.update', { courseId: course.id, title: 'Files', description: 'With files', isPrivate: false }, scene.ownerCookie);
    for (const url of [documentUrl, imageUrl, lessonUrl]) {
      expect((await fetchAs(url, scene.memberCookie)).statusCode).toBe(200);
      expect((await fetchAs(url, scene.strangerCookie)).statusCode).toBe(403);
    }
    // Only keys the module holds: another upload of the owner's, or a path out of the bucket, is not found.
    const other = await uploadAs(server, 'course-document', 'other.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf', scene.ownerCookie);
    expect((await fetchAs(`/api/course-modules/${moduleId}/files/${other}`, scene.memberCookie)).statusCode).toBe(404);
    expect((await fetchAs(`/api/course-modules/${moduleId}/files/..%2F..%2Fetc%2Fpasswd`, scene.memberCookie)).statusCode).toBe(404);
  });

  it("refuses a module's files and its lessons' resources to a member below the module's level, and serves them at the level and to the owner", async () => {
    const pdfBody = Buffer.from('%PDF-1.4\n% level two notes\n%%EOF\n');
    const pdf = await uploadAs(server, 'course-document', 'level-two.pdf', pdfBody, 'application/pdf', scene.ownerCookie);
    const image = await uploadAs(server, 'course-image', 'diagram.png', await testPng(24, 24), 'image/png', scene.ownerCookie);
    const course = data<{ id: string }>(await mutate(server, 'courses.create', { communityId: scene.communityId, title: 'Advanced', description: 'For level 2', visibleToMembers: true }, scene.ownerCookie));
    const moduleId = crypto.randomUUID();
    const saved = await mutate(
      server,
      'courses.saveModule',
      { courseId: course.id, clientId: moduleId, title: 'Level 2 only', requiredLevel: 2, documentKeys: [pdf], imageKeys: [image] },
      scene.ownerCookie,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const lesson = data<{ id: string }>(await mutate(server, 'courses.addLesson', { moduleId }, scene.ownerCookie));
    expect((await mutate(server, 'courses.updateLesson', { lessonId: lesson.id, title: 'Worksheet', fileKey: pdf }, scene.ownerCookie)).statusCode).toBe(200);
    const urls = [`/api/course-modules/${moduleId}/files/${pdf}`, `/api/course-modules/${moduleId}/files/${image}`, `/api/lessons/${lesson.id}/file`];
    const fetchAs = (url: string, cookie: string) => getAs(server.app, url, cookie);
    const refusedBelowLevel = async () => {
      for (const url of urls) {
        const res = await fetchAs(url, scene.memberCookie);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ message: LEVEL_MESSAGES.locked(2) });
        expect(res.headers['content-disposition']).toBeUndefined();
      }
    };

    // The owner is never locked out.
    for (const url of urls) expect((await fetchAs(url, scene.ownerCookie)).statusCode, url).toBe(200);
    expect((await fetchAs(urls[2]!, scene.ownerCookie)).rawPayload.equals(pdfBody)).toBe(true);

    // The member starts at level 1 (no points): refused, with the level the module needs.
    await refusedBelowLevel();

    // Four likes from the owner on the member's posts: four points, still level 1.
    const posts: string[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const post = await mutate(server, 'posts.create', { communityId: scene.communityId, content: `Practice log, day ${i}` }, scene.memberCookie);
      expect(post.statusCode, post.body).toBe(200);
      posts.push(data<{ id: string }>(post).id);
    }
    const like = async (postId: string) => expect((await mutate(server, 'posts.like', { postId, liked: true }, scene.ownerCookie)).statusCode).toBe(200);
    for (const postId of posts.slice(0, 4)) await like(postId);
    await refusedBelowLevel();

    // The fifth like makes five points: level 2, and the files are served.
    await like(posts[4]!);
    const document = await fetchAs(urls[0]!, scene.memberCookie);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.rawPayload.equals(pdfBody)).toBe(true);
    const picture = await fetchAs(urls[1]!, scene.memberCookie);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
    const resource = await fetchAs(urls[2]!, scene.memberCookie);
    expect(resource.statusCode).toBe(200);
    expect(resource.rawPayload.equals(pdfBody)).toBe(true);

    // An unlike takes the point back, and the module locks again.
    expect((await mutate(server, 'posts.like', { postId: posts[4]!, liked: false }, scene.ownerCookie)).statusCode).toBe(200);
    await refusedBelowLevel();
  });
});
