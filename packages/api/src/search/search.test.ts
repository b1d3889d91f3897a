import { comments, communityMembers, courseModules, courses, lessons, posts } from '@app/db/schema';
import { normalizeForSearch, SEARCH_LIMITS, SEARCH_MESSAGES } from '@app/shared/search';
import { eq, sql } from 'drizzle-orm';
import { resultRows } from '@app/db';
import { describe, expect, it } from 'vitest';
import { addTestStaff, callerFor, createTestCommunity, createTestUser, unlimitedRateLimiter, useTestWorld } from '../testing/index.ts';

const scene = useTestWorld();
const as = (userId: string | null) => callerFor(scene.database, userId, { rateLimiter: unlimitedRateLimiter });
const search = (userId: string, query: string, perKind?: number) =>
  as(userId).search.community({ communityId: scene.world.community.id, query, perKind });
const db = () => scene.database.db;

async function post(content: string, communityId = scene.world.community.id, userId = scene.world.member) {
  const [row] = await db().insert(posts).values({ communityId, userId, content }).returning({ id: posts.id });
  return row!.id;
}
async function comment(postId: string, content: string) {
  const [row] = await db().insert(comments).values({ postId, userId: scene.world.other, content }).returning({ id: comments.id });
  return row!.id;
}
/** A course with one module (optionally needing a level) of one lesson. */
async function course(values: { title: string; isPrivate: boolean; lessonTitle: string; lessonText: string; requiredLevel?: number }) {
  const [row] = await db()
    .insert(courses)
    .values({ communityId: scene.world.community.id, ownerId: scene.world.owner, title: values.title, description: 'A course', isPrivate: values.isPrivate })
    .returning({ id: courses.id });
  const [module] = await db().insert(courseModules).values({ courseId: row!.id, title: 'Module', requiredLevel: values.requiredLevel ?? null }).returning({ id: courseModules.id });
  const [lesson] = await db().insert(lessons).values({ moduleId: module!.id, title: values.lessonTitle, content: values.lessonText }).returning({ id: lessons.id });
  return { courseId: row!.id, lessonId: lesson!.id };
}
const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

describe('search.community', () => {
  it('finds posts, comments, members, courses and lessons in English, by stems and word prefixes', async () => {
    const member = await createTestUser(scene.database, { name: 'Zenobia Marchetti' });
    await db().insert(communityMembers).values({ communityId: scene.world.community.id, userId: member, status: 'approved' });
    const postId = await post('Our gardeners are running the allotment this spring');
    const commentId = await comment(postId, 'I ran the allotment watering rota last year');
    const { courseId, lessonId } = await course({ title: 'Allotment basics', isPrivate: false, lessonTitle: 'Soil', lessonText: '<p>Compost the <b>allotments</b> &amp; beds</p>' });

    const found = await search(scene.world.other, 'allotments');
    expect(ids(found.posts)).toEqual([postId]);
    expect(ids(found.comments)).toEqual([commentId]);
    expect(found.comments[0]).toMatchObject({ postId, replyToId: null, authorId: scene.world.other });
    expect(ids(found.courses)).toEqual([courseId]);
    expect(found.lessons).toEqual([expect.objectContaining({ id: lessonId, courseId, locked: false, excerpt: 'Compost the allotments & beds' })]);
    expect(found.terms).toEqual(expect.arrayContaining(['allotments', 'allot']));

    expect(ids((await search(scene.world.other, 'run')).posts)).toEqual([postId]);
    expect(ids((await search(scene.world.other, 'gardener running')).posts)).toEqual([postId]);
    expect(ids((await search(scene.world.other, 'zenob')).members)).toEqual([member]);
    expect(ids((await search(scene.world.other, 'marchetti zenobia')).members)).toEqual([member]);
    expect((await search(scene.world.other, 'gardeners winter')).posts).toEqual([]);
  });

  it('finds a post by its poll options, naming the options that matched', async () => {
    const created = await as(scene.world.member).posts.create({
      communityId: scene.world.community.id,
      content: 'Which day suits?',
      poll: { options: ['Quillsday brunch', 'Friday dinner'], closesAt: null },
    });
    const found = await search(scene.world.other, 'quillsday');
    expect(found.posts).toEqual([expect.objectContaining({ id: created.id, options: ['Quillsday brunch'], excerpt: 'Which day suits?' })]);
  });

  it('finds Arabic regardless of diacritics, alef forms, ta marbuta, alef maqsura and tatweel, both ways', async () => {
    const vowelled = await post('زُرْنَا المَدْرَسَةَ الجَدِيدَةَ');
    const alefs = await post('قال أحمد إن آمنة ستأتي');
    const maqsura = await post('ذهبنا إلى المستشفى');
    const tatweel = await post('هذا كـتـاب جميـل');
    const other = as(scene.world.other);
    const find = async (query: string) => ids((await other.search.community({ communityId: scene.world.community.id, query })).posts);
    expect(await find('المدرسه')).toEqual([vowelled]);
    expect(await find('المدرسة')).toEqual([vowelled]);
    expect(await find('الْجَدِيدَة')).toEqual([vowelled]);
    expect(await find('احمد')).toEqual([alefs]);
    expect(await find('امنه')).toEqual([alefs]);
    expect(await find('إحمد')).toEqual([alefs]);
    expect(await find('المستشفي')).toEqual([maqsura]);
    expect(await find('الي المستشفى')).toEqual([maqsura]);
    expect(await find('كتاب')).toEqual([tatweel]);
    expect(await find('كـتـاب جميل')).toEqual([tatweel]);
    // A word's beginning finds it, as one types.
    expect(await find('المستش')).toEqual([maqsura]);
  });

  it('folds text in the browser exactly as the database does', async () => {
    const samples = ['مَدْرَسَةٌ', 'أإآٱ', 'مستشفى', 'كـتـاب', 'Ünïcode RUNNING', 'ٱلْقُرْآن'];
    for (const sample of samples) {
      const [row] = resultRows<{ n: string }>(await db().execute(sql`select search_normalize(${sample}) as n`));
      expect(normalizeForSearch(sample)).toBe(row!.n);
    }
  });

  it('ranks a post naming the words more often first', async () => {
    const once = await post('One note about xylophones among many other things people bring along');
    const often = await post('Xylophones! Our xylophones club: bring xylophones');
    expect(ids((await search(scene.world.other, 'xylophones')).posts)).toEqual([often, once]);
  });

  it('never shows a private course or its lessons to members or moderators, but does to the owner and admins', async () => {
    const hidden = await course({ title: 'Secret quokka course', isPrivate: true, lessonTitle: 'Quokka lesson', lessonText: 'quokka text' });
    const member = await search(scene.world.other, 'quokka');
    expect(member.courses).toEqual([]);
    expect(member.lessons).toEqual([]);
    const owner = await search(scene.world.owner, 'quokka');
    expect(ids(owner.courses)).toEqual([hidden.courseId]);
    expect(ids(owner.lessons)).toEqual([hidden.lessonId]);
    // The roles that edit courses see the private ones; moderating does not.
    const staff = await addTestStaff(scene.database, scene.world, { moderator: await createTestUser(scene.database), admin: await createTestUser(scene.database) });
    expect((await search(staff.moderator, 'quokka')).courses).toEqual([]);
    const admin = await search(staff.admin, 'quokka');
    expect(ids(admin.courses)).toEqual([hidden.courseId]);
    expect(ids(admin.lessons)).toEqual([hidden.lessonId]);
  });

  it("finds a locked lesson by its title only, never by or with its text; the owner is never locked out", async () => {
    const gated = await course({ title: 'Advanced', isPrivate: false, lessonTitle: 'Wombat anatomy', lessonText: 'the numbat hides here', requiredLevel: 3 });
    expect((await search(scene.world.other, 'numbat')).lessons).toEqual([]);
    expect((await search(scene.world.other, 'wombat')).lessons).toEqual([expect.objectContaining({ id: gated.lessonId, locked: true, excerpt: null })]);
    expect((await search(scene.world.owner, 'numbat')).lessons).toEqual([expect.objectContaining({ id: gated.lessonId, locked: false, excerpt: 'the numbat hides here' })]);
  });

  it('leaves out deleted posts and comments, and other communities', async () => {
    const postId = await post('The platypus meetup');
    const kept = await comment(postId, 'platypus thread');
    await as(scene.world.other).posts.addComment({ postId, content: 'a reply', replyToId: kept });
    await as(scene.world.other).posts.deleteComment({ commentId: kept });
    expect((await search(scene.world.other, 'platypus')).comments).toEqual([]);
    await as(scene.world.member).posts.delete({ postId });
    expect((await search(scene.world.other, 'platypus')).posts).toEqual([]);

    const elsewhere = await createTestCommunity(scene.database, scene.world.owner);
    await post('echidna news', elsewhere.id, scene.world.owner);
    const inHere = await search(scene.world.owner, 'echidna');
    expect(inHere.posts).toEqual([]);
    expect((await search(scene.world.other, 'echidna')).posts).toEqual([]);
  });

  it('lists members only: not a pending applicant, a removed member or a stranger', async () => {
    const names = await Promise.all(
      [scene.world.applicant, scene.world.removed, scene.world.stranger].map(async (id) => {
        const [row] = resultRows<{ username: string }>(await db().execute(sql`select username from profiles where id = ${id}`));
        return row!.username;
      }),
    );
    for (const username of names) expect((await search(scene.world.other, username)).members).toEqual([]);
  });

  it('refuses a stranger, a pending applicant, a removed member and the signed out', async () => {
    for (const userId of [scene.world.stranger, scene.world.applicant, scene.world.removed]) {
      await expect(search(userId, 'hello')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(as(null).search.community({ communityId: scene.world.community.id, query: 'hello' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('bounds its input: too short, too long, too many a kind refused; no letters finds nothing; perKind holds', async () => {
    await expect(search(scene.world.other, ' a ')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(SEARCH_MESSAGES.tooShort) });
    await expect(search(scene.world.other, 'a'.repeat(SEARCH_LIMITS.maxQuery + 1))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(SEARCH_MESSAGES.tooLong) });
    await expect(search(scene.world.other, 'hello', SEARCH_LIMITS.maxPerKind + 1)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await search(scene.world.other, `!! :* & | ' "`)).toEqual({ terms: [], posts: [], comments: [], members: [], courses: [], lessons: [] });
    for (let i = 0; i < 4; i += 1) await post(`narwhal sighting ${i}`);
    expect((await search(scene.world.other, 'narwhal', 3)).posts).toHaveLength(3);
    // Text-search operators in a query are spaces between words, never syntax.
    expect((await search(scene.world.other, "narwhal & !sighting | (")).posts).toHaveLength(4);
  });

  it('keeps a comment edited out of a match out of the results', async () => {
    const postId = await post('hello there');
    const commentId = await comment(postId, 'about the dugong');
    await db().update(comments).set({ content: 'about something else' }).where(eq(comments.id, commentId));
    expect((await search(scene.world.other, 'dugong')).comments).toEqual([]);
  });
});
