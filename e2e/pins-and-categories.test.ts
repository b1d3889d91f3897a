import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callTrpc, checkA11y, communityUrl, describeBrowser, inArabic, feedClub, feedOf, markPage, openCommunity, postMenuItems, postWith, shot, stillSamePage, usePeople, VIEWPORTS } from './support/index.ts';

/*
 * Issue 24, pinned posts and categories: the owner makes categories in the community's edit area and
 * pins a post, which moves to the top of a member's open feed; the chips filter and the sorts order
 * the feed, live; English on desktop and phone, Arabic too.
 */

interface Post {
  id: string;
}
interface Category {
  id: string;
  name: string;
}

const post = (page: Page, communityId: string, content: string, categoryId: string | null = null) => callTrpc<Post>(page, 'posts.create', { communityId, content, categoryId });
const articles = (page: Page) => feedOf(page).getByRole('article');
const firstText = (page: Page) => articles(page).first().innerText();
/** Picks a chip or a sort (their radio inputs are drawn by their labels). */
const choose = (page: Page, name: string) => page.locator('label').getByText(name, { exact: true }).click();

describeBrowser('pinned posts and categories', () => {
  const { communityWith } = usePeople();

  it('the owner makes categories and pins a post; a member filters by chip and sorts, all live', async () => {
    const { owner, community, members: [ben] } = await feedClub(communityWith, 'Olga Owner', ['ben', 'Ben Reader', VIEWPORTS.phone]);

    // The owner's categories, in the community's edit area: add two, rename one, put it first.
    await owner.page.goto(communityUrl(community.name, '?tab=about&edit=1'));
    const editor = owner.page.getByRole('region', { name: 'Post categories' });
    for (const [emoji, name] of [['🏆', 'Wins'], ['🆘', 'Help']]) {
      await editor.getByRole('textbox', { name: 'Emoji', exact: true }).fill(emoji!);
      await editor.getByRole('textbox', { name: 'Category name' }).fill(name!);
      await editor.getByRole('button', { name: 'Add category' }).click();
      await editor.getByRole('textbox', { name: `Name of ${name}` }).waitFor();
    }
    await editor.getByRole('textbox', { name: 'Emoji', exact: true }).fill('xx');
    await editor.getByRole('textbox', { name: 'Category name' }).fill('Bad');
    await editor.getByRole('button', { name: 'Add category' }).click();
    await editor.getByRole('alert').getByText('Choose one emoji for the category.').waitFor();
    await editor.getByRole('textbox', { name: 'Name of Help' }).fill('Questions');
    await editor.getByRole('textbox', { name: 'Emoji of Help' }).fill('❓');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByRole('textbox', { name: 'Name of Questions' }).waitFor();
    await editor.getByRole('button', { name: 'Move Questions up' }).click();
    await expect.poll(() => editor.getByRole('textbox', { name: /^Name of / }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(['Questions', 'Wins']);
    await shot(owner.page, 'pins-categories-settings');
    const categories = await callTrpc<Category[]>(owner.page, 'posts.categories', { communityId: community.id }, 'query');
    const [questions, wins] = categories;

    const news = await post(owner.page, community.id, 'Read the house rules first');
    await post(ben.page, community.id, 'I shipped my first app', wins!.id);
    const help = await post(ben.page, community.id, 'How do I deploy?', questions!.id);
    await post(owner.page, community.id, 'Welcome, everyone');

    await openCommunity(owner.page, community.name, { live: true });
    await openCommunity(ben.page, community.name, { live: true });
    await expect.poll(() => firstText(ben.page)).toContain('Welcome, everyone');
    await markPage(ben.page);

    // The owner pins the oldest post: it leads Ben's open feed at once, marked.
    await postWith(owner.page, 'Read the house rules first').getByRole('button', { name: 'Post actions' }).click();
    await owner.page.getByRole('menuitem', { name: 'Pin to top' }).click();
    await expect.poll(() => firstText(ben.page)).toContain('Read the house rules first');
    expect(await articles(ben.page).first().getByText('Pinned', { exact: true }).isVisible()).toBe(true);
    expect(await postWith(ben.page, 'How do I deploy?').getByLabel('Category: Questions').isVisible()).toBe(true);
    // A plain member has no pin (only Report) on someone else's post.
    expect(await postMenuItems(ben.page, postWith(ben.page, 'Read the house rules first'))).toEqual(['Report']);
    await shot(ben.page, 'pins-feed-phone');
    await shot(owner.page, 'pins-feed-desktop');

    // A chip keeps to its category, live: a new question does not show under Wins; a new win does.
    await choose(ben.page, '🏆 Wins');
    await expect.poll(() => articles(ben.page).allInnerTexts()).toEqual([expect.stringContaining('I shipped my first app')]);
    await post(owner.page, community.id, 'Anyone tried the new API?', questions!.id);
    await post(owner.page, community.id, 'We reached 100 members', wins!.id);
    await expect.poll(() => firstText(ben.page)).toContain('We reached 100 members');
    expect(await postWith(ben.page, 'Anyone tried the new API?').count()).toBe(0);
    expect(await articles(ben.page).count()).toBe(2);
    // Posting under the chip starts in its category.
    await ben.page.getByRole('textbox', { name: "What's on your mind?" }).fill('Closed my first sale');
    expect(await ben.page.getByRole('combobox', { name: 'Category' }).inputValue()).toBe('🏆 Wins');
    await ben.page.getByRole('button', { name: 'Post', exact: true }).click();
    await expect.poll(() => firstText(ben.page)).toContain('Closed my first sale');
    await expect.poll(() => postWith(owner.page, 'Closed my first sale').getByLabel('Category: Wins').count()).toBe(1);

    // Sorts, under 'All': top (most liked this week), active (latest comment); pinned posts lead only 'new'.
    await callTrpc(owner.page, 'posts.like', { postId: help.id, liked: true });
    await choose(ben.page, 'All');
    await choose(ben.page, 'Top');
    await expect.poll(() => firstText(ben.page)).toContain('How do I deploy?');
    await choose(ben.page, 'Active');
    await expect.poll(() => firstText(ben.page)).toContain('Closed my first sale');
    await callTrpc(owner.page, 'posts.addComment', { postId: news.id, content: 'Please read them!' });
    await expect.poll(() => firstText(ben.page)).toContain('Read the house rules first');
    await choose(ben.page, 'New');
    await expect.poll(() => firstText(ben.page)).toContain('Read the house rules first');

    // Unpinned, it goes back to its place.
    await postWith(owner.page, 'Read the house rules first').getByRole('button', { name: 'Post actions' }).click();
    await owner.page.getByRole('menuitem', { name: 'Unpin' }).click();
    await expect.poll(() => firstText(ben.page)).toContain('Closed my first sale');
    expect(await ben.page.getByText('Pinned', { exact: true }).count()).toBe(0);
    expect(await stillSamePage(ben.page)).toBe(true);
  });

  it('in Arabic: the chips, the sort and the pinned mark, right to left', async () => {
    const { owner, community } = await communityWith(['olga-ar', 'Olga Owner'], 'Pins AR');
    await inArabic(owner.page);
    const category = await callTrpc<Category>(owner.page, 'posts.createCategory', { communityId: community.id, name: 'إنجازات', emoji: '🏆' });
    const pinned = await post(owner.page, community.id, 'اقرأ قواعد المجتمع أولًا');
    await post(owner.page, community.id, 'أطلقت تطبيقي الأول', category.id);
    await callTrpc(owner.page, 'posts.pin', { postId: pinned.id });
    await owner.page.goto(communityUrl(community.name));
    const feed = owner.page.getByRole('feed');
    await feed.getByRole('article').first().getByText('مثبّت', { exact: true }).waitFor();
    await owner.page.locator('label').getByText('الكل', { exact: true }).waitFor();
    expect(await owner.page.getByRole('radio', { name: 'الأحدث' }).isChecked()).toBe(true);
    expect(await feed.getByLabel('الفئة: إنجازات').isVisible()).toBe(true);
    await checkA11y(owner.page, 'feed with chips, sort and a pinned post', feed.getByRole('article').first(), 'ar');
    await shot(owner.page, 'pins-feed-ar-desktop');
    await owner.page.setViewportSize(VIEWPORTS.phone);
    await shot(owner.page, 'pins-feed-ar-phone');
    await choose(owner.page, '🏆 إنجازات');
    await expect.poll(() => feed.getByRole('article').count()).toBe(1);
  });
});
