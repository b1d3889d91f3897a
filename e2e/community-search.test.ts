import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callTrpc, communityUrl, createCommunityViaApi, describeBrowser, inArabic, openCommunity, shot, text, uniqueCommunityName, usePeople, VIEWPORTS } from './support/index.ts';
import type { Language } from '@app/shared/language';

/** Opens the community's search from its header and types `query`; the search dialog. */
async function search(page: Page, query: string, language: Language = 'en') {
  await page.getByRole('button', { name: text(language, 'search.open') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox', { name: text(language, 'search.label') }).fill(query);
  return dialog;
}
const kind = (dialog: ReturnType<Page['getByRole']>, key: string, language: Language = 'en') => dialog.getByRole('region', { name: text(language, `search.kinds.${key}`) });

/** A course built through the API as its owner: one module of one lesson with `text`. */
async function courseWith(page: Page, communityId: string, title: string, lessonTitle: string, lessonText: string, visible: boolean) {
  const course = await callTrpc<{ id: string }>(page, 'courses.create', { communityId, title, description: `${title}.`, visibleToMembers: visible });
  const moduleId = crypto.randomUUID();
  await callTrpc(page, 'courses.saveModule', { courseId: course.id, clientId: moduleId, title: 'Module', content: null, videoUrl: null, requiredLevel: null });
  const lesson = await callTrpc<{ id: string }>(page, 'courses.addLesson', { moduleId, title: lessonTitle });
  await callTrpc(page, 'courses.updateLesson', { lessonId: lesson.id, title: lessonTitle, content: `<p>${lessonText}</p>`, videoUrl: null });
  return { courseId: course.id, lessonId: lesson.id };
}

describeBrowser('community search', () => {
  const { communityWith } = usePeople();

  it('finds a post, a comment, a member and a lesson in English and in Arabic, never a private course nor another community', async () => {
    const { owner, community, members: [lina, , amal] } = await communityWith(
      ['owner', 'Omar Owner'],
      'Search Club',
      ['lina', 'Lina Learner'],
      ['sam', 'Sam Sourdough'],
      ['amal', 'أمل حسن', VIEWPORTS.phone],
    );
    const communityId = community.id;
    const post = await callTrpc<{ id: string }>(owner.page, 'posts.create', { communityId, content: 'Sourdough starter tips for beginners' });
    const comment = await callTrpc<{ comment: { id: string } }>(lina.page, 'posts.addComment', { postId: post.id, content: 'My sourdough bubbles at last!' });
    await courseWith(owner.page, communityId, 'Baking', 'Sourdough basics', 'Feed the starter daily.', true);
    await courseWith(owner.page, communityId, 'Secret bakes', 'Sourdough secrets', 'Only for the owner.', false);
    await callTrpc(owner.page, 'posts.create', { communityId, content: 'عندي أَمَلٌ كَبِيرٌ في هذا المجتمع' });
    const arabicPost = await callTrpc<{ id: string }>(owner.page, 'posts.create', { communityId, content: 'سؤال للجميع' });
    await callTrpc(lina.page, 'posts.addComment', { postId: arabicPost.id, content: 'أمل جديد للجميع' });
    await courseWith(owner.page, communityId, 'دورة', 'أمل والتعلّم', 'نص الدرس', true);
    await courseWith(owner.page, communityId, 'دورة خاصة', 'أمل سري', 'نص خاص', false);
    const elsewhere = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Elsewhere') });
    await callTrpc(owner.page, 'posts.create', { communityId: elsewhere.id, content: 'Sourdough elsewhere, أمل بعيد' });

    // English: every kind found, the matched words marked; the private course's lesson and the other community's post are not.
    await openCommunity(lina.page, community.name);
    const dialog = await search(lina.page, 'sourdough');
    await kind(dialog, 'posts').getByRole('link', { name: /Sourdough starter tips/ }).waitFor();
    expect(await kind(dialog, 'comments').getByRole('link').allInnerTexts()).toEqual([expect.stringContaining('My sourdough bubbles at last!')]);
    expect(await kind(dialog, 'members').getByRole('link').allInnerTexts()).toEqual([expect.stringContaining('Sam Sourdough')]);
    expect(await kind(dialog, 'lessons').getByRole('link').allInnerTexts()).toEqual([expect.stringContaining('Sourdough basics')]);
    expect(await kind(dialog, 'posts').getByRole('link').count()).toBe(1);
    expect(await dialog.innerText()).not.toContain('secrets');
    expect(await dialog.innerText()).not.toContain('elsewhere');
    expect(await kind(dialog, 'posts').locator('mark').allInnerTexts()).toEqual(['Sourdough']);
    await shot(lina.page, 'community-search-desktop');
    await lina.page.setViewportSize(VIEWPORTS.phone);
    await shot(lina.page, 'community-search-phone');
    await lina.page.setViewportSize(VIEWPORTS.desktop);

    // Keyboard: Tab from the box reaches the first result; Enter follows it (the post, opened above the feed).
    await lina.page.keyboard.press('Tab');
    await lina.page.keyboard.press('Enter');
    await lina.page.waitForURL((url) => url.searchParams.get('post') === post.id);
    await lina.page.getByRole('region', { name: 'The post you opened' }).getByText('Sourdough starter tips for beginners').waitFor();

    // The comment leads to its post, the comment opened and marked.
    const again = await search(lina.page, 'bubbles');
    await kind(again, 'comments').getByRole('link', { name: /My sourdough bubbles/ }).click();
    await lina.page.waitForURL((url) => url.searchParams.get('comment') === comment.comment.id);
    await lina.page.getByRole('region', { name: 'The post you opened' }).getByRole('listitem', { name: 'Lina Learner, the comment you opened' }).waitFor();

    // The member leads to their profile; the lesson to the lesson, open in its course.
    await kind(await search(lina.page, 'sam sour'), 'members').getByRole('link', { name: /Sam Sourdough/ }).click();
    await lina.page.waitForURL(/\/profile\//);
    await openCommunity(lina.page, community.name);
    await kind(await search(lina.page, 'sourdough basics'), 'lessons').getByRole('link', { name: /Sourdough basics/ }).click();
    await lina.page.waitForURL(/\/course\/.*lesson=/);
    await lina.page.locator('[aria-current="true"]', { hasText: 'Sourdough basics' }).waitFor();
    await lina.page.getByText('Feed the starter daily.').waitFor();

    // Arabic, on a phone, typed without hamza or diacritics.
    await inArabic(amal.page);
    await amal.page.goto(communityUrl(community.name));
    await amal.page.getByRole('tab', { name: text('ar', 'communityPage.tabs.posts'), selected: true }).waitFor();
    await shot(amal.page, 'community-search-header-arabic-phone');
    const arabic = await search(amal.page, 'امل', 'ar');
    await kind(arabic, 'posts', 'ar').getByRole('link', { name: /أَمَلٌ كَبِيرٌ/ }).waitFor();
    expect(await kind(arabic, 'comments', 'ar').getByRole('link').allInnerTexts()).toEqual([expect.stringContaining('أمل جديد للجميع')]);
    expect(await kind(arabic, 'members', 'ar').getByRole('link').allInnerTexts()).toEqual([expect.stringContaining('أمل حسن')]);
    expect(await kind(arabic, 'lessons', 'ar').getByRole('link').allInnerTexts()).toEqual([expect.stringContaining('أمل والتعلّم')]);
    expect(await arabic.innerText()).not.toContain('سري');
    expect(await arabic.innerText()).not.toContain('بعيد');
    expect(await kind(arabic, 'posts', 'ar').locator('mark').allInnerTexts()).toEqual(['أَمَلٌ']);
    await shot(amal.page, 'community-search-arabic-phone');
    await amal.page.setViewportSize(VIEWPORTS.desktop);
    await shot(amal.page, 'community-search-arabic-desktop');
    await kind(arabic, 'lessons', 'ar').getByRole('link', { name: /أمل والتعلّم/ }).click();
    await amal.page.waitForURL(/\/course\/.*lesson=/);
    await amal.page.getByText('نص الدرس').waitFor();
  });
});
