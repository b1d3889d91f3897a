import { feedbackComments, feedbacks, liveEvents, uploads } from '@app/db/schema';
import { FEEDBACK_MESSAGES } from '@app/shared/feedback';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLiveBus } from '../platform/live/bus.ts';
import { RATE_LIMITS } from '../platform/rate-limit/limits.ts';
import { unreferenced } from '../platform/uploads/references.ts';
import { callerFor, createTestUser, storeTestUpload, testStorage, testSubscription, unlimitedRateLimiter, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();
let author: string;
let reader: string;
let admin: string;

beforeAll(async () => {
  author = await createTestUser(scene.database, { name: 'Ana Author' });
  reader = await createTestUser(scene.database, { name: 'Ben Reader' });
  admin = await createTestUser(scene.database, { name: 'Ada Admin' });
});

/**
 * The wall as `userId` calls it; `admin` makes the caller a platform admin (ADMIN_EMAILS). Write
 * limits are left out here (the same people write all through the file) and tested on their own.
 */
const as = (userId: string | null, options: { admin?: boolean } = {}) => callerFor(scene.database, userId, { ...options, rateLimiter: unlimitedRateLimiter }).feedback;

let files = 0;
/** A feedback-media upload by `userId`, recorded as theirs (as the upload route leaves it). */
function uploaded(userId: string, ext: 'webp' | 'pdf' | 'mp4' | 'xlsx') {
  files += 1;
  return storeTestUpload(scene.database, userId, 'documents-feedbacks', `${userId}/${files}-${Date.now()}.${ext}`);
}

const rowOf = async (feedbackId: string) => (await scene.database.db.select().from(feedbacks).where(eq(feedbacks.id, feedbackId)))[0] ?? null;
const feedbackCount = () => scene.database.db.$count(feedbacks);
const isStored = async (key: string) => ({
  recorded: (await scene.database.db.$count(uploads, and(eq(uploads.bucket, 'documents-feedbacks'), eq(uploads.key, key)))) === 1,
  stored: await testStorage().exists('documents-feedbacks', key),
});

describe('who may call the wall', () => {
  it('refuses a signed-out visitor everything, and writes nothing', async () => {
    const feedback = await as(author).create({ content: 'Visible to members only', rating: 4 });
    const before = await feedbackCount();
    const visitor = as(null);
    const calls = [
      visitor.list({}),
      visitor.create({ content: 'anonymous praise', rating: 5 }),
      visitor.update({ feedbackId: feedback.id, content: 'defaced', rating: 1 }),
      visitor.delete({ feedbackId: feedback.id }),
      visitor.comments({ feedbackId: feedback.id }),
      visitor.addComment({ feedbackId: feedback.id, text: 'drive-by' }),
      visitor.onWall({}),
    ];
    for (const call of calls) await expect(call).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await feedbackCount()).toBe(before);
    expect(await rowOf(feedback.id)).toMatchObject({ content: 'Visible to members only', rating: 4 });
    expect(await scene.database.db.$count(feedbackComments, eq(feedbackComments.feedbackId, feedback.id))).toBe(0);
  });
});

describe('feedback.create', () => {
  it('keeps the trimmed text, the rating and the video link, and answers the card as the wall shows it', async () => {
    const created = await as(author).create({ content: '  Loving the live feed!  ', rating: 5, videoUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(created).toMatchObject({
      content: 'Loving the live feed!',
      rating: 5,
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      media: null,
      commentCount: 0,
      edited: false,
      author: { id: author, fullName: 'Ana Author' },
    });
    expect(created.author.username).toEqual(expect.any(String));
    expect(created).toHaveProperty('author.avatarUrl');
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(created).not.toHaveProperty('mediaKey');
    const { items } = await as(reader).list({});
    expect(items[0]).toEqual(created);
  });

  it('refuses missing text or rating in the spec words, and a bad video link, writing nothing', async () => {
    const before = await feedbackCount();
    const refused = [
      { content: '   ', rating: 4 },
      { content: 'No stars', rating: 0 },
      { content: 'Too many stars', rating: 6 },
      { content: 'Half a star', rating: 3.5 },
      { content: 'Forgot the rating' } as never,
      { rating: 5 } as never,
    ];
    for (const input of refused) {
      await expect(as(author).create(input)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: FEEDBACK_MESSAGES.required });
    }
    await expect(as(author).create({ content: 'x'.repeat(2001), rating: 3 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: FEEDBACK_MESSAGES.contentTooLong(2000) });
    for (const videoUrl of ['javascript:alert(1)', 'not a link', 'ftp://example.com/video.mp4']) {
      await expect(as(author).create({ content: 'Watch', rating: 3, videoUrl })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: FEEDBACK_MESSAGES.videoUrl });
    }
    expect(await feedbackCount()).toBe(before);
    // An empty video link is no link.
    expect(await as(author).create({ content: 'No video', rating: 3, videoUrl: '' })).toMatchObject({ videoUrl: null });
  });

  it("attaches the caller's own upload, shown by its kind and served by a checked route, never by its key", async () => {
    const image = await uploaded(author, 'webp');
    const withImage = await as(author).create({ content: 'Screenshot attached', rating: 4, mediaKey: image });
    expect(withImage.media).toEqual({ url: `/api/feedbacks/${withImage.id}/media`, type: 'image', contentType: 'image/webp' });
    expect(await rowOf(withImage.id)).toMatchObject({ mediaUrl: image, mediaType: 'image' });
    expect(JSON.stringify(await as(reader).list({}))).not.toContain(image);

    const video = await as(author).create({ content: 'A clip', rating: 4, mediaKey: await uploaded(author, 'mp4') });
    expect(video.media).toMatchObject({ type: 'video', contentType: 'video/mp4' });
    const sheet = await as(author).create({ content: 'The numbers', rating: 4, mediaKey: await uploaded(author, 'xlsx') });
    expect(sheet.media).toMatchObject({ type: 'document', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect((await rowOf(sheet.id))?.mediaType).toBe('document');
  });

  it("refuses an attachment that is not the caller's own upload, writing nothing", async () => {
    const theirs = await uploaded(reader, 'pdf');
    const before = await feedbackCount();
    for (const mediaKey of [theirs, `${author}/never-uploaded.pdf`, `${author}/no-extension`]) {
      await expect(as(author).create({ content: 'Borrowed file', rating: 2, mediaKey })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: FEEDBACK_MESSAGES.media });
    }
    // Another kind's upload of the caller's is not a feedback attachment either.
    const postFile = await storeTestUpload(scene.database, author, 'documents-post', `${author}/post-${Date.now()}.pdf`);
    await expect(as(author).create({ content: 'Wrong bucket', rating: 2, mediaKey: postFile })).rejects.toMatchObject({ message: FEEDBACK_MESSAGES.media });
    expect(await feedbackCount()).toBe(before);
    expect(await isStored(theirs)).toEqual({ recorded: true, stored: true });
  });

  it(`allows ${RATE_LIMITS['feedback:create'].max} an hour per person, then refuses with nothing written`, async () => {
    const eager = await createTestUser(scene.database);
    const limited = callerFor(scene.database, eager).feedback;
    for (let i = 0; i < RATE_LIMITS['feedback:create'].max; i += 1) await limited.create({ content: `thought ${i}`, rating: 3 });
    await expect(limited.create({ content: 'one more', rating: 3 })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await scene.database.db.$count(feedbacks, eq(feedbacks.userId, eager))).toBe(RATE_LIMITS['feedback:create'].max);
  });
});

describe('feedback.list', () => {
  it('pages the whole wall newest first, each feedback once, with comment counts', async () => {
    const writer = await createTestUser(scene.database);
    const mine = [];
    for (let i = 1; i <= 7; i += 1) mine.push(await as(writer).create({ content: `page ${i}`, rating: (i % 5) + 1 }));
    await as(reader).addComment({ feedbackId: mine[6]!.id, text: 'on the newest' });
    const seen: Array<{ id: string; createdAt: Date; content: string; commentCount: number }> = [];
    let cursor = null;
    do {
      const page: Awaited<ReturnType<ReturnType<typeof as>['list']>> = await as(reader).list({ cursor, limit: 4 });
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(await feedbackCount());
    expect(new Set(seen.map((f) => f.id)).size).toBe(seen.length);
    const times = seen.map((f) => f.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const ours = seen.filter((f) => f.content.startsWith('page '));
    expect(ours.map((f) => f.content)).toEqual(['page 7', 'page 6', 'page 5', 'page 4', 'page 3', 'page 2', 'page 1']);
    expect(ours[0]!.commentCount).toBe(1);
    // The page says whether the viewer moderates the wall (a platform admin).
    expect((await as(reader).list({})).moderator).toBe(false);
    expect((await as(admin, { admin: true }).list({})).moderator).toBe(true);
    await expect(as(reader).list({ cursor: { createdAt: 'yesterday', id: mine[0]!.id } })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: FEEDBACK_MESSAGES.cursor });
  });
});

describe('feedback.update', () => {
  it('lets the author change text, rating and video link, marked as edited', async () => {
    const feedback = await as(author).create({ content: 'Good', rating: 3, videoUrl: 'https://vimeo.com/123456789' });
    const updated = await as(author).update({ feedbackId: feedback.id, content: ' Very good ', rating: 5, videoUrl: null });
    expect(updated).toMatchObject({ id: feedback.id, content: 'Very good', rating: 5, videoUrl: null, edited: true });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(updated.createdAt.getTime());
  });

  it('refuses anyone but the author (a platform admin too), and bad input, changing nothing', async () => {
    const feedback = await as(author).create({ content: 'Mine to edit', rating: 4 });
    await expect(as(reader).update({ feedbackId: feedback.id, content: 'Hijacked', rating: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN', message: FEEDBACK_MESSAGES.notAuthor });
    await expect(as(admin, { admin: true }).update({ feedbackId: feedback.id, content: 'Moderated', rating: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: FEEDBACK_MESSAGES.notAuthor,
    });
    await expect(as(author).update({ feedbackId: feedback.id, content: '', rating: 4 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: FEEDBACK_MESSAGES.required });
    await expect(as(author).update({ feedbackId: feedback.id, content: 'No rating', rating: 0 })).rejects.toMatchObject({ message: FEEDBACK_MESSAGES.required });
    expect(await rowOf(feedback.id)).toMatchObject({ content: 'Mine to edit', rating: 4 });
    expect((await as(reader).list({})).items.find((f) => f.id === feedback.id)?.edited).toBe(false);
    await expect(as(author).update({ feedbackId: crypto.randomUUID(), content: 'Gone', rating: 4 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: FEEDBACK_MESSAGES.notFound });
    await expect(as(author).update({ feedbackId: 'not-an-id', content: 'Gone', rating: 4 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('feedback.delete', () => {
  it('lets the author delete their feedback with its comments, and removes its upload record and file', async () => {
    const key = await uploaded(author, 'pdf');
    const feedback = await as(author).create({ content: 'With a file', rating: 4, mediaKey: key });
    await as(reader).addComment({ feedbackId: feedback.id, text: 'Nice file' });
    expect(await as(author).delete({ feedbackId: feedback.id })).toEqual({ feedbackId: feedback.id });
    expect(await rowOf(feedback.id)).toBeNull();
    expect(await scene.database.db.$count(feedbackComments, eq(feedbackComments.feedbackId, feedback.id))).toBe(0);
    expect(await isStored(key)).toEqual({ recorded: false, stored: false });
    await expect(as(author).delete({ feedbackId: feedback.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: FEEDBACK_MESSAGES.notFound });
  });

  it("refuses a plain user deleting another's feedback; a platform admin removes it", async () => {
    const key = await uploaded(author, 'webp');
    const feedback = await as(author).create({ content: 'Keep me', rating: 5, mediaKey: key });
    await expect(as(reader).delete({ feedbackId: feedback.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: FEEDBACK_MESSAGES.notAuthorOrAdmin });
    expect(await rowOf(feedback.id)).not.toBeNull();
    expect(await isStored(key)).toEqual({ recorded: true, stored: true });
    expect(await as(admin, { admin: true }).delete({ feedbackId: feedback.id })).toEqual({ feedbackId: feedback.id });
    expect(await rowOf(feedback.id)).toBeNull();
    expect(await isStored(key)).toEqual({ recorded: false, stored: false });
  });
});

describe('comments', () => {
  it('lists comments oldest first with their authors, and counts them on the card', async () => {
    const feedback = await as(author).create({ content: 'Discuss', rating: 4 });
    const first = await as(reader).addComment({ feedbackId: feedback.id, text: '  First!  ' });
    expect(first).toMatchObject({ commentCount: 1, comment: { text: 'First!', feedbackId: feedback.id, author: { id: reader, fullName: 'Ben Reader' } } });
    await as(author).addComment({ feedbackId: feedback.id, text: 'Thanks' });
    const comments = await as(admin).comments({ feedbackId: feedback.id });
    expect(comments.map((c) => [c.text, c.author.id])).toEqual([
      ['First!', reader],
      ['Thanks', author],
    ]);
    expect((await as(reader).list({})).items.find((f) => f.id === feedback.id)?.commentCount).toBe(2);
  });

  it('refuses a blank or too long comment, and one on feedback that is gone, writing nothing', async () => {
    const feedback = await as(author).create({ content: 'Quiet please', rating: 2 });
    for (const text of ['', '   \n\t ', 'x'.repeat(501)]) {
      await expect(as(reader).addComment({ feedbackId: feedback.id, text })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: FEEDBACK_MESSAGES.commentLength(500) });
    }
    expect(await scene.database.db.$count(feedbackComments, eq(feedbackComments.feedbackId, feedback.id))).toBe(0);
    await as(author).delete({ feedbackId: feedback.id });
    await expect(as(reader).addComment({ feedbackId: feedback.id, text: 'Too late' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: FEEDBACK_MESSAGES.notFound });
    await expect(as(reader).comments({ feedbackId: feedback.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: FEEDBACK_MESSAGES.notFound });
  });

  it('lets the comment author or a platform admin delete a comment, nobody else', async () => {
    const feedback = await as(author).create({ content: 'Comment away', rating: 5 });
    const { comment: readers } = await as(reader).addComment({ feedbackId: feedback.id, text: 'Mine' });
    const { comment: another } = await as(reader).addComment({ feedbackId: feedback.id, text: 'Also mine' });
    // Not even the feedback's author may delete someone else's comment.
    await expect(as(author).deleteComment({ feedbackCommentId: readers.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: FEEDBACK_MESSAGES.notCommentAuthorOrAdmin });
    expect(await scene.database.db.$count(feedbackComments, eq(feedbackComments.feedbackId, feedback.id))).toBe(2);
    expect(await as(reader).deleteComment({ feedbackCommentId: readers.id })).toEqual({ feedbackId: feedback.id, commentId: readers.id, commentCount: 1 });
    expect(await as(admin, { admin: true }).deleteComment({ feedbackCommentId: another.id })).toMatchObject({ commentCount: 0 });
    await expect(as(reader).deleteComment({ feedbackCommentId: readers.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: FEEDBACK_MESSAGES.commentNotFound });
  });

  it('refuses an input naming two things, so the check and the work cannot be about different ones', async () => {
    const feedback = await as(author).create({ content: 'Two keys', rating: 3 });
    const { comment } = await as(reader).addComment({ feedbackId: feedback.id, text: "Reader's" });
    // The reader wrote the comment, not the feedback: naming both must not let them delete the feedback.
    const both = { feedbackId: feedback.id, feedbackCommentId: comment.id };
    await expect((as(reader).delete as (input: unknown) => Promise<unknown>)(both)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect((as(reader).deleteComment as (input: unknown) => Promise<unknown>)(both)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await rowOf(feedback.id)).not.toBeNull();
    expect(await scene.database.db.$count(feedbackComments, eq(feedbackComments.id, comment.id))).toBe(1);
  });
});

describe('feedback.onWall', () => {
  const subscribe = (userId: string | null, input: { lastEventId?: string } = {}) =>
    testSubscription((signal) => callerFor(scene.database, userId, { signal }).feedback.onWall(input));

  it("delivers another person's feedback, edits, comments and deletions as they happen", async () => {
    const wall = await subscribe(reader);
    // (Earlier tests' events may still be on their way.)
    const created = wall.nextWhere((data) => (data.feedback as { content?: string } | undefined)?.content === 'Live and kicking');
    const feedback = await as(author).create({ content: 'Live and kicking', rating: 5 });
    const ours = (data: Record<string, unknown>) =>
      data.feedbackId === feedback.id || (data.feedback as { id?: string } | undefined)?.id === feedback.id;
    expect((await created).data).toMatchObject({ type: 'feedback.created', feedback: { id: feedback.id, content: 'Live and kicking', rating: 5, author: { id: author } } });
    await as(author).update({ feedbackId: feedback.id, content: 'Live, edited', rating: 4 });
    expect((await wall.nextWhere(ours)).data).toMatchObject({ type: 'feedback.updated', feedback: { content: 'Live, edited', rating: 4, edited: true } });
    const { comment } = await as(admin).addComment({ feedbackId: feedback.id, text: 'Seen it live' });
    expect((await wall.nextWhere(ours)).data).toMatchObject({ type: 'feedback.comment.created', feedbackId: feedback.id, commentCount: 1, comment: { id: comment.id, text: 'Seen it live' } });
    await as(admin).deleteComment({ feedbackCommentId: comment.id });
    expect((await wall.nextWhere(ours)).data).toEqual({ type: 'feedback.comment.deleted', feedbackId: feedback.id, commentId: comment.id, commentCount: 0 });
    await as(author).delete({ feedbackId: feedback.id });
    expect((await wall.nextWhere(ours)).data).toEqual({ type: 'feedback.deleted', feedbackId: feedback.id });
    wall.close();

    // The event log holds ids and counts, never the words.
    const logged = await scene.database.db.select().from(liveEvents).where(eq(liveEvents.topic, 'feedback-wall'));
    expect(logged.length).toBeGreaterThanOrEqual(5);
    const payloads = JSON.stringify(logged.map((event) => event.payload));
    expect(payloads).toContain(feedback.id);
    for (const words of ['Live and kicking', 'Live, edited', 'Seen it live']) expect(payloads).not.toContain(words);
  });

  it('a reconnecting client first gets what it missed; a deleted feedback is not sent', async () => {
    const wall = await subscribe(reader);
    const marker = await (async () => {
      const next = wall.nextWhere((data) => (data.feedback as { content?: string } | undefined)?.content === 'before the gap');
      await as(author).create({ content: 'before the gap', rating: 3 });
      return next;
    })();
    wall.close();
    const missed = await as(author).create({ content: 'during the gap', rating: 4 });
    const gone = await as(author).create({ content: 'deleted during the gap', rating: 1 });
    await as(author).delete({ feedbackId: gone.id });
    const again = await subscribe(reader, { lastEventId: marker.id });
    expect((await again.next()).data).toMatchObject({ type: 'feedback.created', feedback: { id: missed.id } });
    // The deleted one's creation is skipped; its deletion still comes.
    expect((await again.next()).data).toEqual({ type: 'feedback.deleted', feedbackId: gone.id });
    again.close();
  });

  it('ends a subscription when the session does', async () => {
    let active = true;
    const quickBus = createLiveBus(scene.database, { revalidateMs: 100 });
    const wall = await testSubscription((signal) => callerFor(scene.database, reader, { signal, live: quickBus, isSessionActive: async () => active }).feedback.onWall({}));
    const ended = expect(wall.next(3000)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    active = false;
    await ended;
    await quickBus.stop();
  });
});

describe('the upload sweeper', () => {
  it('counts a feedback attachment as in use', async () => {
    const kept = await uploaded(author, 'pdf');
    const loose = await uploaded(author, 'pdf');
    await as(author).create({ content: 'Keep the file', rating: 4, mediaKey: kept });
    const unused = await scene.database.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(inArray(uploads.key, [kept, loose]), unreferenced()));
    expect(unused.map((u) => u.key)).toEqual([loose]);
  });
});
