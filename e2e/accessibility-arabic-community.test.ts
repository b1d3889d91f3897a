import type { Locator, Page } from 'playwright-core';
import { it } from 'vitest';
import { checkA11y, checkCommunityTabs, communityUrl, describeBrowser, h1, inArabic, seedCommunityScene, settled, text, usePeople, VIEWPORTS } from './support/index.ts';

/**
 * axe on a community's pages in the Arabic interface (right to left), as accessibility-community.test.ts
 * does in English: its tabs as owner and as member, a course and its editor, dialogs and menus, a phone.
 */
const t = (key: string, values?: Record<string, string>) => text('ar', key, values);
const check = (page: Page, label: string, ready: Locator) => checkA11y(page, label, ready, 'ar');

describeBrowser('accessibility of a community in Arabic', () => {
  const { communityWith } = usePeople();

  /** A community with a post, a comment, a chat and a course, its owner and a member reading Arabic. */
  async function arabicScene() {
    const { owner, member, community, courseId } = await seedCommunityScene(communityWith, {
      post: 'أهلًا بالجميع!',
      comment: 'سعيد بوجودي هنا.',
      chat: 'مرحبًا',
      course: { title: 'الأساسيات', description: 'خطوة بخطوة' },
      module: 'البداية',
      lesson: 'الخطوات الأولى',
      lessonHtml: '<p>اقرأ <strong>بعناية</strong>.</p>',
    });
    await inArabic(owner.page);
    await inArabic(member.page);
    return { owner, member, community, courseId };
  }

  it("a community's tabs as owner and as member", async () => {
    const { owner, member, community } = await arabicScene();
    await checkCommunityTabs(community, owner, member, t('chat.live.live'), 'ar');
  }, 150_000);

  it('the messages menu, a course and its editor, the new course and event dialogs, a phone', async () => {
    const { owner, member, community, courseId } = await arabicScene();
    await member.page.goto(communityUrl(community.name));
    await member.page.getByRole('banner').getByRole('button', { name: new RegExp(`^${t('nav.messages')}`) }).click();
    await check(member.page, 'messages menu', member.page.getByRole('menu'));
    await member.page.keyboard.press('Escape');
    await member.page.goto(`/course/${courseId}`);
    await check(member.page, 'course learning view', member.page.getByRole('article').getByRole('heading', { name: 'الخطوات الأولى' }));
    await owner.page.goto(`/edit-course/${courseId}`);
    await check(owner.page, 'course editor, details', owner.page.getByRole('tab', { selected: true }));
    await owner.page.getByRole('tab', { selected: false }).first().click();
    await check(owner.page, 'course editor, content', owner.page.getByRole('tabpanel'));

    await owner.page.goto(communityUrl(community.name, '?tab=courses'));
    await owner.page.getByRole('button', { name: t('courses.new') }).click();
    const courseForm = owner.page.getByRole('dialog', { name: t('courses.new') });
    await settled(courseForm);
    await check(owner.page, 'new course dialog', courseForm);
    await owner.page.keyboard.press('Escape');
    await owner.page.goto(communityUrl(community.name, '?tab=about'));
    await owner.page.getByRole('button', { name: t('events.add') }).first().click();
    const eventForm = owner.page.getByRole('dialog', { name: t('events.form.newTitle') });
    await settled(eventForm);
    await check(owner.page, 'new event dialog', eventForm);

    await member.page.setViewportSize(VIEWPORTS.phone);
    await member.page.goto(communityUrl(community.name));
    await check(member.page, 'community posts, phone', member.page.getByRole('feed').getByRole('article'));
    await member.page.goto('/');
    await check(member.page, 'discover, phone', h1(member.page));
  }, 150_000);
});
