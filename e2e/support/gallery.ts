import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import type { Language } from '@app/shared/language';
import { startApp, type StartedApp } from './app.ts';
import { VIEWPORTS, describeBrowser, launchBrowser, newPage, type Viewport } from './browser.ts';
import { createCommunityViaApi, communityUrl, joinViaApi } from './communities.ts';
import { chatUrl } from './chat.ts';
import { createEvent } from './events.ts';
import { whoAmI } from './people.ts';
import { matchesBaseline } from './screenshots.ts';
import { callTrpc } from './trpc.ts';

/**
 * The gallery's world: one community with posts, comments, likes, a course, an event, a private
 * chat, feedback and a partner, made through the API in an app of its own (so Discover and the
 * feedback wall hold only these), and the main pages a person sees in it. Everything is named the
 * same in every run; the browser's clock stands still on `GALLERY_NOW`, so the calendar shows the
 * same month.
 */

export const GALLERY_NOW = new Date('2031-01-15T10:00:00Z');

export interface GalleryPerson {
  page: Page;
  id: string;
  name: string;
}

export interface GalleryWorld {
  community: { id: string; name: string };
  courseId: string;
  maya: GalleryPerson;
  omar: GalleryPerson;
}

/** A person signed in through the local stand-in, in a context that is only for seeding (no page is opened). */
async function seeder(browser: Browser, baseURL: string, email: string, name: string): Promise<GalleryPerson> {
  const { page } = await newPage(browser, VIEWPORTS.desktop, { baseURL });
  const res = await page.request.post('/auth/dev/sign-in', { data: { email, name } });
  if (res.status() !== 200) throw new Error(`Could not sign ${email} in: ${await res.text()}`);
  // Nobody shows as online: presence would change between runs.
  await callTrpc(page, 'profiles.hidePresence', { hidden: true });
  return { page, id: (await whoAmI(page)).id, name };
}

export async function seedGallery(browser: Browser, baseURL: string): Promise<GalleryWorld> {
  const maya = await seeder(browser, baseURL, 'maya@gallery.test', 'Maya Hart');
  const omar = await seeder(browser, baseURL, 'omar@gallery.test', 'Omar Said');
  const lena = await seeder(browser, baseURL, 'lena@gallery.test', 'Lena Park');
  const jon = await seeder(browser, baseURL, 'jon@gallery.test', 'Jon Bell');

  const community = await createCommunityViaApi(maya.page, {
    name: 'Atlas Makers',
    category: 'coding',
    description: 'A workshop for people who build things with code: weekly challenges, code reviews and a monthly meetup.',
    rules: 'Be kind. Share what you learn.',
  });
  await createCommunityViaApi(lena.page, { name: 'Night Owls Writing', category: 'writing', description: 'Write a page every night, read each other, and finish the book.' });
  await createCommunityViaApi(jon.page, { name: 'Trail Runners Club', category: 'health', description: 'Long runs on weekends and training plans for your first ultra.' });
  for (const member of [omar, lena, jon]) await joinViaApi(member.page, community.id);

  const post = (who: GalleryPerson, content: string) => callTrpc<{ id: string }>(who.page, 'posts.create', { communityId: community.id, content, feeling: null });
  const welcome = await post(maya, 'Welcome to Atlas Makers! Introduce yourself below and tell us what you are building this month.');
  const review = await post(lena, 'Code review night is on Thursday. Bring a pull request you are proud of, or one you are stuck on.');
  const question = await post(omar, 'Which testing library do you reach for first in a new TypeScript project, and why?');
  for (const [who, postId] of [[omar, welcome.id], [lena, welcome.id], [jon, welcome.id], [maya, review.id], [jon, review.id], [maya, question.id]] as const) {
    await callTrpc(who.page, 'posts.like', { postId, liked: true });
  }
  await callTrpc(omar.page, 'posts.addComment', { postId: welcome.id, content: 'Hi all! I am building a small budgeting app.' });
  await callTrpc(jon.page, 'posts.addComment', { postId: question.id, content: 'Vitest: fast, and it speaks TypeScript out of the box.' });

  const course = await callTrpc<{ id: string }>(maya.page, 'courses.create', { communityId: community.id, title: 'Start Here', description: 'Your first week in Atlas Makers, step by step.', visibleToMembers: true });
  const modules = [
    { title: 'Week 1: Set up', lesson: 'Install the tools', text: 'Install Node, an editor and Git, then clone the starter project.' },
    { title: 'Week 2: Build', lesson: 'Your first feature', text: 'Pick a small feature, write a test for it, and make it pass.' },
  ];
  let firstLesson = '';
  for (const module of modules) {
    const moduleId = crypto.randomUUID();
    await callTrpc(maya.page, 'courses.saveModule', { courseId: course.id, clientId: moduleId, title: module.title, content: `<p>${module.text}</p>`, videoUrl: null, requiredLevel: null });
    const lesson = await callTrpc<{ id: string }>(maya.page, 'courses.addLesson', { moduleId, title: module.lesson });
    await callTrpc(maya.page, 'courses.updateLesson', { lessonId: lesson.id, title: module.lesson, content: `<p>${module.text}</p>`, videoUrl: null });
    firstLesson ||= lesson.id;
  }
  await callTrpc(omar.page, 'courses.setComplete', { lessonId: firstLesson, completed: true });

  await createEvent(maya.page, community.id, { title: 'Monthly meetup', startsAt: new Date('2031-01-20T17:00:00Z'), endsAt: new Date('2031-01-20T18:30:00Z') });

  const send = (from: GalleryPerson, to: GalleryPerson, text: string) => callTrpc(from.page, 'chat.send', { communityId: community.id, userId: to.id, text });
  await send(maya, omar, 'Welcome, Omar! Shout if you need a hand with the setup.');
  await send(omar, maya, 'Thanks Maya! The starter project runs. On to week 2.');
  await send(maya, omar, 'Great. See you at the meetup on the 20th?');

  await callTrpc(omar.page, 'feedback.create', { content: 'The courses are clear and the community is friendly. More video lessons, please!', rating: 5, mediaKey: null, videoUrl: null });
  await callTrpc(lena.page, 'feedback.create', { content: 'Events with reminders keep our group on track. The calendar could show weeks too.', rating: 4, mediaKey: null, videoUrl: null });

  await callTrpc(maya.page, 'partners.join', undefined);

  return { community, courseId: course.id, maya, omar };
}

/** A page of the gallery: whom it is seen by, where, what shows once it has loaded, and what differs between runs. */
export interface GalleryPage {
  name: string;
  viewer: 'visitor' | 'omar' | 'maya';
  path(world: GalleryWorld): string;
  ready(page: Page, world: GalleryWorld): Locator;
  /** 'attached' when what shows may lie below the fold at phone width (the feed draws posts out of view lazily: content-visibility). */
  state?: 'attached' | 'visible';
  /** An element instead of the viewport. */
  target?(page: Page): Locator;
  mask?(page: Page): Locator[];
}

export const GALLERY_PAGES: GalleryPage[] = [
  { name: 'landing', viewer: 'visitor', path: () => '/', ready: (page) => page.getByRole('main').getByRole('heading', { level: 1 }) },
  { name: 'discover', viewer: 'visitor', path: () => '/discover', ready: (page) => page.getByText('Trail Runners Club').first() },
  { name: 'community-posts', viewer: 'omar', path: (w) => communityUrl(w.community.name), ready: (page) => page.getByText('Code review night').first(), state: 'attached' },
  { name: 'community-chat', viewer: 'omar', path: (w) => chatUrl(w.community.name, w.maya.id), ready: (page) => page.getByRole('log').getByText('See you at the meetup'), state: 'attached' },
  { name: 'course', viewer: 'omar', path: (w) => `/course/${w.courseId}`, ready: (page) => page.getByText('Install Node, an editor and Git').first() },
  {
    name: 'calendar',
    viewer: 'omar',
    path: (w) => communityUrl(w.community.name),
    ready: (page) => page.getByText('Monthly meetup').first(),
    target: (page) => page.locator('section', { has: page.getByText('Monthly meetup') }).last(),
  },
  { name: 'leaderboard', viewer: 'omar', path: (w) => communityUrl(w.community.name, '?tab=leaderboard'), ready: (page) => page.getByText('Jon Bell').first() },
  { name: 'feedback-wall', viewer: 'omar', path: () => '/feedbacks', ready: (page) => page.getByText('Events with reminders keep our group on track').first() },
  {
    name: 'partner-dashboard',
    viewer: 'maya',
    path: () => '/partner/dashboard',
    ready: (page) => page.getByRole('textbox', { name: /ref=/ }).or(page.locator('input[readonly]')).first(),
    // The referral code is drawn at random, and the link holds the test app's port.
    mask: (page) => [page.locator('input[readonly]'), page.locator('.mantine-Card-root', { has: page.locator('input[readonly]') }).locator('.mantine-Badge-root')],
  },
  {
    name: 'settings',
    viewer: 'omar',
    path: () => '/settings',
    ready: (page) => page.locator('input[value="omar@gallery.test"]'),
    mask: (page) => [page.locator('input[value^="omar_"]')],
  },
];

/** Usernames end in digits of the moment their account was made. */
const usernames = (page: Page) => page.getByText(/@?[a-z]+_\d{6}\b/);

export const GALLERY_VIEWPORTS: Array<[string, Viewport]> = [
  ['desktop', VIEWPORTS.desktop],
  ['phone', VIEWPORTS.phone],
];

export const galleryName = (page: GalleryPage, language: Language, viewport: string) => `${page.name}-${language}-${viewport}`;

/**
 * The gallery's tests in one language: an app of its own, seeded once, then each page at desktop
 * and phone width compared with its baseline (screenshots.ts).
 */
export function describeGallery(language: Language) {
  describeBrowser(`pictures of the product (${language})`, () => {
    let app: StartedApp;
    let browser: Browser;
    let world: GalleryWorld;
    const viewers = new Map<GalleryPage['viewer'], Page>();

    beforeAll(async () => {
      app = await startApp();
      // The full browser drew the baselines (in the headless shell the posts tab's picture never settled).
      browser = await launchBrowser('full');
      world = await seedGallery(browser, app.baseUrl);
      const cookies = { maya: world.maya.page, omar: world.omar.page };
      for (const viewer of ['visitor', 'omar', 'maya'] as const) {
        const { context, page } = await newPage(browser, VIEWPORTS.desktop, { baseURL: app.baseUrl, timezoneId: 'UTC', locale: language === 'ar' ? 'ar-EG' : 'en-US' });
        if (viewer !== 'visitor') await context.addCookies(await cookies[viewer].context().cookies());
        await context.addCookies([{ name: 'lang', value: language, url: app.baseUrl }]);
        await context.clock.setFixedTime(GALLERY_NOW);
        viewers.set(viewer, page);
      }
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await app?.stop();
    });

    for (const shown of GALLERY_PAGES) {
      it(`${shown.name} at desktop and phone width`, async () => {
        const page = viewers.get(shown.viewer)!;
        for (const [width, viewport] of GALLERY_VIEWPORTS) {
          await page.setViewportSize(viewport);
          await page.goto(shown.path(world));
          await shown.ready(page, world).waitFor({ state: shown.state ?? 'visible', timeout: 30_000 });
          const mask = [usernames(page), ...(shown.mask?.(page) ?? [])];
          await matchesBaseline(page, galleryName(shown, language, width), { target: shown.target?.(page) ?? page, mask });
        }
      });
    }
  });
}
