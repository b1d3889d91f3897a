import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { communityUrl, createCommunityViaApi, describeBrowser, joinUrl, settled, uniqueCommunityName, uniqueEmail, usePeople, whoAmI } from './support/index.ts';

/**
 * The main journeys with the keyboard alone: signing in, joining, posting, commenting and chatting,
 * with Tab, Shift+Tab, Enter, Space, arrows and typing (pages are opened by address, never clicked).
 * Wherever focus lands it must be visible, and a dialog gives focus back to what opened it.
 */

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await target.waitFor();
  for (let n = 0; n < max; n += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) {
      await expectVisibleFocus(page);
      return;
    }
  }
  throw new Error(`${String(target)} was not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}.`);
}

/** The focused element shows it: an outline or a box-shadow drawn while it matches :focus-visible. */
async function expectVisibleFocus(page: Page) {
  const focus = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { visible: false, what: 'nothing' };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    return { visible: el.matches(':focus-visible') && (outline || shadow), what: el.outerHTML.slice(0, 160) };
  });
  expect(focus.visible, `focus is not visible on ${focus.what}`).toBe(true);
}

describeBrowser('keyboard', () => {
  const { person, visitor } = usePeople();

  it('signs in, joins, posts, comments and chats with the keyboard alone; dialogs give focus back', async () => {
    const owner = await person('owner', 'Olive Owner');
    const community = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Keyboard Club'), description: 'Keys only.' });
    const { page } = await visitor();

    // Sign in: the terms box (ticked already) toggles with Space, then 'Sign in with Google', then the local sign-in form.
    await page.goto('/login');
    const terms = page.getByRole('checkbox');
    await tabTo(page, terms);
    // Before the prerendered page has hydrated, the key's click is held and done once it has (main.tsx).
    await page.keyboard.press('Space');
    await expect.poll(() => terms.isChecked()).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(() => terms.isChecked()).toBe(true);
    await tabTo(page, page.getByRole('button', { name: 'Sign in with Google' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/auth\/dev/);
    await tabTo(page, page.getByLabel('E-mail'));
    await page.keyboard.type(uniqueEmail('keys'));
    await tabTo(page, page.getByLabel('Name'));
    await page.keyboard.type('Kim Keys');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    // Join the free community from its join page.
    await page.goto(joinUrl(community.name));
    await tabTo(page, page.getByRole('button', { name: 'Join Community' }));
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Posts', selected: true }).waitFor();
    await page.getByRole('status').getByText('Live', { exact: true }).waitFor();

    // Write a post.
    const composer = page.getByRole('textbox', { name: "What's on your mind?" });
    await tabTo(page, composer);
    await page.keyboard.type('Typed without a mouse.');
    await tabTo(page, page.getByRole('button', { name: 'Post', exact: true }));
    await page.keyboard.press('Enter');
    const post = page.getByRole('feed', { name: 'Community posts' }).getByRole('article').filter({ hasText: 'Typed without a mouse.' });
    await post.waitFor();

    // Comment on it.
    await tabTo(page, post.getByRole('button', { name: /^\d+ comments?$/ }));
    await page.keyboard.press('Enter');
    await tabTo(page, post.getByRole('textbox', { name: 'Write a comment' }));
    await page.keyboard.type('And a comment, too.');
    await tabTo(page, post.getByRole('button', { name: 'Comment', exact: true }));
    await page.keyboard.press('Enter');
    await post.getByRole('list', { name: 'Comments' }).getByText('And a comment, too.').waitFor();

    // The post's menu opens a confirmation; cancelling it gives focus back to the menu's button.
    const menuButton = post.getByRole('button', { name: 'Post actions' });
    await tabTo(page, menuButton, { back: true });
    await page.keyboard.press('Enter');
    const deleteItem = page.getByRole('menuitem', { name: /Delete/ });
    await deleteItem.waitFor();
    await page.keyboard.press('ArrowDown');
    while (!(await isFocused(deleteItem))) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await settled(confirm);
    expect(await isFocused(confirm)).toBe(true);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(menuButton)).toBe(true);
    expect(await post.count()).toBe(1);

    // Chat with the owner: type, Enter sends.
    await page.goto(communityUrl(community.name, `?tab=chat&with=${owner.id}`));
    await page.getByRole('status').getByText('Live', { exact: true }).waitFor();
    await tabTo(page, page.getByRole('textbox', { name: 'Message', exact: true }));
    await page.keyboard.type('Hello from the keyboard');
    await page.keyboard.press('Enter');
    await page.getByRole('log', { name: 'Messages with Olive Owner' }).getByText('Hello from the keyboard', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe('');
    const me = await whoAmI(page);
    await owner.page.goto(communityUrl(community.name, `?tab=chat&with=${me.id}`));
    await owner.page.getByRole('log', { name: 'Messages with Kim Keys' }).getByText('Hello from the keyboard', { exact: true }).waitFor();
  }, 120_000);

  it('the feedback dialog opens with Enter, closes with Escape and gives focus back to its button', async () => {
    const { page } = await person('critic', 'Cris Critic');
    await page.goto('/feedbacks');
    await page.getByRole('heading', { level: 1, name: 'Feedback Wall' }).waitFor();
    const opener = page.getByRole('button', { name: 'Add Feedback' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Feedback' });
    await settled(dialog);
    expect(await isFocused(dialog)).toBe(true);
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(opener)).toBe(true);
    await expectVisibleFocus(page);
  });
});
