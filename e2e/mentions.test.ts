import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callTrpc, commentsButton, communityUrl, describeBrowser, expectNoSeriousA11yViolations, feedClub, inArabic, openCommunity, postWith, shot, text, usePeople, VIEWPORTS } from './support/index.ts';

/** The picker `@` opens under a text box, and its chosen option. */
async function expectPicker(page: Page, box: Locator, name: string) {
  const list = page.getByRole('listbox');
  const option = list.getByRole('option', { name: new RegExp(name) });
  await option.waitFor();
  // The box names the list and the chosen option, as a combobox does.
  await expect.poll(async () => (await box.getAttribute('aria-controls')) === (await list.getAttribute('id'))).toBe(true);
  await expect.poll(async () => {
    const active = await box.getAttribute('aria-activedescendant');
    return active !== null && (await page.locator(`[id="${active}"]`).getAttribute('aria-selected')) === 'true';
  }).toBe(true);
  return option;
}

describeBrowser('@mentions and replies', () => {
  const { communityWith } = usePeople();

  it('one member mentions another in a post and a comment with the keyboard; the mention links to the profile; a reply says whom it answers', async () => {
    const { community, members: [ana, ben] } = await feedClub(communityWith, 'Olga Owner', ['ana', 'Ana Author'], ['ben', 'Ben Reader']);
    await openCommunity(ana.page, community.name, { live: true });

    // Ana types '@', then 'Be': the picker filters; the arrows choose and Enter mentions.
    const composer = ana.page.getByRole('textbox', { name: "What's on your mind?" });
    await composer.click();
    await composer.pressSequentially('Thanks @');
    await expectPicker(ana.page, composer, 'Olga Owner');
    await composer.pressSequentially('Be');
    const benOption = await expectPicker(ana.page, composer, 'Ben Reader');
    await expect.poll(() => ana.page.getByRole('listbox').getByRole('option').count()).toBe(1);
    expect(await benOption.getAttribute('aria-selected')).toBe('true');
    await ana.page.getByRole('status').filter({ hasText: 'Matching members: 1' }).waitFor({ state: 'attached' });
    await shot(ana.page, 'mentions-picker');
    await composer.press('Enter');
    await expect.poll(() => composer.inputValue()).toBe(`Thanks @${ben.username} `);
    expect(await ana.page.getByRole('listbox').count()).toBe(0);
    await composer.pressSequentially('for the notes!');
    // Escape closes a picker opened again, and leaves the text alone.
    await composer.pressSequentially(' @');
    await ana.page.getByRole('listbox').waitFor();
    await composer.press('Escape');
    expect(await ana.page.getByRole('listbox').count()).toBe(0);
    await composer.press('Backspace');
    await composer.press('Backspace');
    await ana.page.getByRole('button', { name: 'Post', exact: true }).click();

    const post = postWith(ana.page, 'for the notes!');
    await post.waitFor();
    const mention = post.getByRole('link', { name: '@Ben Reader' });
    expect(await mention.getAttribute('href')).toBe(`/profile/${ben.username}`);
    expect(await post.innerText()).toContain('Thanks @Ben Reader for the notes!');

    // Ben was told (once).
    await expect.poll(() => callTrpc<number>(ben.page, 'notifications.unreadCount', {}, 'query')).toBeGreaterThanOrEqual(1);

    // Ben answers in a comment, mentioning Ana with the keyboard (down, then back up past the end).
    await openCommunity(ben.page, community.name, { live: true });
    const benPost = postWith(ben.page, 'for the notes!');
    await commentsButton(benPost).click();
    const commentBox = benPost.getByRole('textbox', { name: 'Write a comment' });
    await commentBox.click();
    await commentBox.pressSequentially('@an');
    await expectPicker(ben.page, commentBox, 'Ana Author');
    await commentBox.press('ArrowDown');
    await commentBox.press('ArrowUp');
    await commentBox.press('Enter');
    await expect.poll(() => commentBox.inputValue()).toBe(`@${ana.username} `);
    await commentBox.pressSequentially('you are welcome');
    // The counter counts the mention as one character.
    await benPost.getByText('17/250').waitFor();
    await commentBox.press('Control+Enter');
    const comments = benPost.getByRole('list', { name: 'Comments' });
    const benComment = comments.getByRole('listitem').filter({ hasText: 'you are welcome' });
    await benComment.waitFor();
    expect(await benComment.getByRole('link', { name: '@Ana Author' }).getAttribute('href')).toBe(`/profile/${ana.username}`);

    // Ana replies to Ben's comment: the box starts with '@Ben', and the reply joins his comment's thread.
    const anaPost = postWith(ana.page, 'for the notes!');
    await commentsButton(anaPost).click();
    const toReply = anaPost.getByRole('list', { name: 'Comments' }).getByRole('listitem').filter({ hasText: 'you are welcome' });
    await toReply.getByRole('button', { name: 'Reply to Ben Reader' }).click();
    await anaPost.getByText('Replying to @Ben Reader').waitFor();
    const anaBox = anaPost.getByRole('textbox', { name: 'Write a comment' });
    await expect.poll(() => anaBox.inputValue()).toBe(`@${ben.username} `);
    await expect.poll(() => anaBox.evaluate((el) => el === document.activeElement)).toBe(true);
    await anaBox.pressSequentially('anytime');
    await anaPost.getByRole('button', { name: 'Comment', exact: true }).click();
    const reply = anaPost.getByRole('list', { name: 'Replies to Ben Reader' }).getByRole('listitem').filter({ hasText: 'anytime' });
    await reply.waitFor();
    expect(await reply.getByRole('link', { name: '@Ben Reader' }).getAttribute('href')).toBe(`/profile/${ben.username}`);
    // Ben sees the reply live, in his comment's thread.
    await benPost.getByRole('list', { name: 'Replies to Ben Reader' }).getByRole('listitem').filter({ hasText: 'anytime' }).waitFor();
    await expectNoSeriousA11yViolations(ana.page, 'feed with mentions and a reply');
    await shot(ana.page, 'mentions-en-desktop');
    await ana.page.setViewportSize(VIEWPORTS.phone);
    await shot(ana.page, 'mentions-en-phone');

    // The mention goes to Ben's profile.
    await ana.page.setViewportSize(VIEWPORTS.desktop);
    await anaPost.getByRole('link', { name: '@Ben Reader' }).first().click();
    await ana.page.waitForURL(new RegExp(`/profile/${ben.username}$`));
  });

  it('works in Arabic, right to left, on desktop and phone', async () => {
    const { community, members: [rana] } = await feedClub(communityWith, 'Omar Owner', ['rana', 'Rana Writer'], ['sami', 'Sami Reader']);
    await inArabic(rana.page);
    await rana.page.goto(communityUrl(community.name));
    const composer = rana.page.getByRole('textbox', { name: text('ar', 'feed.composer.text') });
    await composer.waitFor();
    await expect.poll(() => rana.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await composer.click();
    await composer.pressSequentially('شكرًا @Sa');
    await expectPicker(rana.page, composer, 'Sami Reader');
    await expectNoSeriousA11yViolations(rana.page, 'mention picker (ar)');
    await shot(rana.page, 'mentions-ar-picker-desktop');
    await rana.page.setViewportSize(VIEWPORTS.phone);
    await shot(rana.page, 'mentions-ar-picker-phone');
    await composer.press('Enter');
    await composer.pressSequentially('على الملاحظات');
    await rana.page.getByRole('button', { name: text('ar', 'feed.composer.submit'), exact: true }).click();
    const post = rana.page.getByRole('feed', { name: text('ar', 'feed.list') }).getByRole('article').filter({ hasText: 'على الملاحظات' });
    await post.getByRole('link', { name: '@Sami Reader' }).waitFor();
    await shot(rana.page, 'mentions-ar-phone');
    await rana.page.setViewportSize(VIEWPORTS.desktop);
    await shot(rana.page, 'mentions-ar-desktop');
  });
});
