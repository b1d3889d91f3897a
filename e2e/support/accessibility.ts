import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { communityUrl, type CreatedCommunity, uniqueCommunityName } from './communities.ts';
import type { CommunityWith, Person as SignedIn } from './people.ts';
import { callTrpc } from './trpc.ts';

/**
 * Accessibility checks: axe on a page (any test may call it), and what the accessibility tests share
 * in English (accessibility.test.ts) and in Arabic (accessibility-arabic.test.ts): the check after a
 * page has settled, a community with something in every tab, and a walk through those tabs as owner
 * and as member.
 */

/** The WCAG levels axe checks: A and AA of WCAG 2.0 and 2.1. */
const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page as it is now and fails when it finds a serious or critical violation, listing
 * each one with the selectors of the elements at fault (minor and moderate ones are not counted).
 * The failure is soft: the test goes on, so one run reports every page it visits.
 */
/** A page's one level-1 heading, by its name when given: what an accessibility check waits for. */
export const h1 = (page: Page, name?: string | RegExp) => page.getByRole('heading', { level: 1, ...(name ? { name } : {}) });

export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.map(String).join(' >> ')}  ${n.html.slice(0, 160)}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`).join('\n'),
  );
  expect.soft(report, `axe on ${label} (${page.url()}):\n${report.join('\n')}`).toEqual([]);
}

/** A signed-in person in a browser of their own (usePeople's `person()`). */
type Person = Pick<SignedIn, 'page' | 'id'>;

/** Waits for `ready`, then for transitions to end, then runs axe; with `language`, first checks the page is in it. */
export async function checkA11y(page: Page, label: string, ready: Locator, language?: 'ar') {
  await ready.first().waitFor();
  await page.waitForTimeout(400);
  if (language) {
    const [lang, dir] = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
    if (lang !== language || dir !== 'rtl') throw new Error(`${label} is not in ${language}: lang=${lang} dir=${dir}`);
  }
  await expectNoSeriousA11yViolations(page, language ? `${label} (${language})` : label);
}

/** The words a scene is written in. */
export interface SceneWords {
  post: string;
  comment: string;
  chat: string;
  course: { title: string; description: string };
  module: string;
  lesson: string;
  lessonHtml: string;
}

/**
 * A community of Olive Owner's that Mia Member has joined (both signed in through `communityWith` of
 * usePeople), with a post, a comment, a chat message to the owner and a visible course of one module
 * and one lesson: something to show in every tab.
 */
export async function seedCommunityScene(communityWith: CommunityWith, words: SceneWords) {
  const { owner, community, members: [member] } = await communityWith(
    ['owner', 'Olive Owner'],
    { name: uniqueCommunityName('Tab Club'), description: 'We learn together.', rules: 'Be kind.' },
    ['member', 'Mia Member'],
  );
  const post = await callTrpc<{ id: string }>(owner.page, 'posts.create', { communityId: community.id, content: words.post });
  await callTrpc(member.page, 'posts.addComment', { postId: post.id, content: words.comment });
  await callTrpc(member.page, 'chat.send', { communityId: community.id, userId: owner.id, text: words.chat });
  const course = await callTrpc<{ id: string }>(owner.page, 'courses.create', { communityId: community.id, ...words.course, visibleToMembers: true });
  const moduleId = crypto.randomUUID();
  await callTrpc(owner.page, 'courses.saveModule', { courseId: course.id, clientId: moduleId, title: words.module, content: null, videoUrl: null, requiredLevel: null });
  const lesson = await callTrpc<{ id: string }>(owner.page, 'courses.addLesson', { moduleId, title: words.lesson });
  await callTrpc(owner.page, 'courses.updateLesson', { lessonId: lesson.id, title: words.lesson, content: words.lessonHtml, videoUrl: null });
  return { owner, member, community, courseId: course.id };
}

const MEMBER_TABS = ['posts', 'about', 'members', 'invites', 'chat', 'courses', 'leaderboard'] as const;

/** Checks every tab of the community, as owner and as member; `live` is the chat's 'Live' status text. */
export async function checkCommunityTabs(community: CreatedCommunity, owner: Person, member: Person, live: string, language?: 'ar') {
  for (const [role, { page }, other] of [['owner', owner, member], ['member', member, owner]] as const) {
    for (const tab of MEMBER_TABS) {
      const search = tab === 'posts' ? '' : tab === 'chat' ? `?tab=chat&with=${other.id}` : `?tab=${tab}`;
      await page.goto(communityUrl(community.name, search));
      await page.getByRole('tab', { selected: true }).waitFor();
      const ready = tab === 'posts' ? page.getByRole('feed').getByRole('article') : tab === 'chat' ? page.getByRole('status').getByText(live, { exact: true }) : page.getByRole('tabpanel');
      await checkA11y(page, `community ${tab} tab, as ${role}`, ready, language);
    }
  }
}
