import { expect, it } from 'vitest';
import { callTrpc, COMMENT_LENGTH_MESSAGE, commentsButton, DELETE_QUESTION, describeBrowser, feedClub, feedOf, likeButton, markPage, openCommunity, postMenuItems, postWith, screenshot, settled, shot, stillSamePage, usePeople, VIEWPORTS, writePost } from './support/index.ts';

describeBrowser('community feed', () => {
  const { communityWith } = usePeople();

  it("shows one member's post to another within a second, with likes and comments counted live on both sides", async () => {
    const { community, members: [ana, ben] } = await feedClub(communityWith, 'Olga Owner', ['ana', 'Ana Author'], ['ben', 'Ben Reader']);
    await openCommunity(ana.page, community.name, { live: true });
    await openCommunity(ben.page, community.name, { live: true });
    await ben.page.getByText('No posts yet.', { exact: true }).waitFor();
    await markPage(ben.page);

    // Ana writes with a feeling; the button shows the prefix it will put before the text.
    const composer = ana.page.getByRole('textbox', { name: "What's on your mind?" });
    const postButton = ana.page.getByRole('button', { name: 'Post', exact: true });
    expect(await postButton.isDisabled()).toBe(true);
    await composer.fill('   \n  ');
    expect(await postButton.isDisabled()).toBe(true);
    await ana.page.getByRole('button', { name: 'Feeling' }).click();
    const feelings = ana.page.getByRole('menu');
    await expect.poll(() => feelings.getByRole('menuitem').count()).toBe(17);
    await settled(feelings);
    await screenshot(ana.page, 'feed-feelings');
    await feelings.getByRole('menuitem', { name: 'Happy' }).click();
    await ana.page.getByRole('button', { name: 'Feeling: 😊 feeling Happy' }).waitFor();
    const text = 'Hello everyone!\nOur first meetup is on Friday: https://example.com/meetup';
    await composer.fill(text);
    expect(await postButton.isDisabled()).toBe(false);
    await shot(ana.page, 'feed-composer');
    await postButton.click();
    const anaPost = postWith(ana.page, 'Hello everyone!');
    await anaPost.waitFor();
    // The composer empties (the post may show first, through the live event).
    await expect.poll(() => composer.inputValue()).toBe('');
    await ana.page.getByRole('button', { name: 'Feeling', exact: true }).waitFor();

    // Ben sees it within a second, without reloading.
    const benPost = postWith(ben.page, 'Hello everyone!');
    await expect.poll(() => benPost.count(), { timeout: 1000, interval: 50 }).toBe(1);
    expect(await stillSamePage(ben.page)).toBe(true);
    // Ana's own post came back to her as a live event too: it is still there once.
    await ana.page.waitForTimeout(300);
    expect(await anaPost.count()).toBe(1);
    expect(await benPost.getAttribute('aria-label')).toBe('Post by Ana Author');
    expect(await benPost.innerText()).toContain('😊 feeling Happy');
    expect(await benPost.getByText('just now').isVisible()).toBe(true);
    expect(await benPost.getByRole('link', { name: 'Ana Author' }).getAttribute('href')).toBe(`/profile/${ana.username}`);
    const link = benPost.getByRole('link', { name: 'https://example.com/meetup' });
    expect(await link.getAttribute('href')).toBe('https://example.com/meetup');
    expect(await link.getAttribute('target')).toBe('_blank');
    // The line break is kept.
    expect(await benPost.getByText(/Hello everyone!/).evaluate((el) => (el as HTMLElement).innerText)).toContain('Hello everyone!\nOur first meetup');
    // The exact time is in a tooltip (set up as the time is first pointed at: LazyTooltip), which
    // describes the time while open, and goes as the pointer leaves; the keyboard's focus opens it too.
    const time = benPost.locator('time');
    await time.hover();
    await expect.poll(() => ben.page.getByRole('tooltip').innerText()).toMatch(/\d{4}/);
    const tooltipId = await ben.page.getByRole('tooltip').getAttribute('id');
    await expect.poll(() => time.getAttribute('aria-describedby')).toBe(tooltipId);
    await ben.page.mouse.move(0, 0);
    await expect.poll(() => ben.page.getByRole('tooltip').count()).toBe(0);
    expect(await time.getAttribute('aria-describedby')).toBeNull();
    await time.focus();
    await ben.page.keyboard.press('Shift+Tab');
    await ben.page.keyboard.press('Tab');
    await expect.poll(() => ben.page.getByRole('tooltip').innerText()).toMatch(/\d{4}/);
    await ben.page.keyboard.press('Escape');
    await expect.poll(() => ben.page.getByRole('tooltip').count()).toBe(0);
    expect(await ben.page.getByText('No posts yet.').count()).toBe(0);

    // Only the author (and the owner) get edit and delete; others may report it.
    expect(await postMenuItems(ben.page, benPost)).toEqual(['Report']);
    expect(await anaPost.getByRole('button', { name: 'Post actions' }).isVisible()).toBe(true);

    // A video link in the text plays in the post.
    await writePost(ana.page, 'Watch this: https://www.tiktok.com/@chef/video/7212345678901234567 and https://youtu.be/dQw4w9WgXcQ');
    const videoPost = postWith(ben.page, 'Watch this');
    await videoPost.waitFor();
    expect(await videoPost.locator('iframe').count()).toBe(1);
    expect(await videoPost.getByTitle('Video from TikTok').getAttribute('src')).toBe('https://www.tiktok.com/embed/v2/7212345678901234567');

    // Likes: Ben likes Ana's first post, then Ana does; both screens count them.
    await likeButton(benPost).click();
    await expect.poll(() => likeButton(benPost).innerText()).toBe('1 like');
    expect(await likeButton(benPost).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => likeButton(anaPost).innerText()).toBe('1 like');
    expect(await likeButton(anaPost).getAttribute('aria-pressed')).toBe('false');
    await likeButton(anaPost).click();
    await expect.poll(() => likeButton(anaPost).innerText()).toBe('2 likes');
    await expect.poll(() => likeButton(benPost).innerText()).toBe('2 likes');
    expect(await likeButton(benPost).getAttribute('aria-pressed')).toBe('true');
    // Ben takes his back.
    await likeButton(benPost).click();
    await expect.poll(() => likeButton(anaPost).innerText()).toBe('1 like');
    expect(await likeButton(benPost).getAttribute('aria-pressed')).toBe('false');
    expect(await likeButton(anaPost).getAttribute('aria-pressed')).toBe('true');

    // Comments: Ben opens the list and comments; Ana's count follows, and her open list gets his next one.
    await commentsButton(benPost).click();
    await benPost.getByText('No comments yet. Start the conversation.').waitFor();
    const benBox = benPost.getByRole('textbox', { name: 'Write a comment' });
    await benBox.fill('Count me in!');
    await benPost.getByRole('button', { name: 'Comment', exact: true }).click();
    const benComments = benPost.getByRole('list', { name: 'Comments' });
    await expect.poll(() => benComments.getByRole('listitem').count()).toBe(1);
    // (The live event may show the comment a moment before the answer empties the box.)
    await expect.poll(() => benBox.inputValue()).toBe('');
    await expect.poll(() => commentsButton(anaPost).innerText()).toBe('1 comment');
    await commentsButton(anaPost).click();
    const anaComments = anaPost.getByRole('list', { name: 'Comments' });
    await expect.poll(() => anaComments.innerText()).toContain('Count me in!');
    await anaPost.getByRole('textbox', { name: 'Write a comment' }).fill('See you there, Ben.');
    await anaPost.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect.poll(() => benComments.getByRole('listitem').count()).toBe(2);
    // Oldest first, each once.
    expect(await benComments.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Count me in!'), expect.stringContaining('See you there, Ben.')]);
    await expect.poll(() => anaComments.getByRole('listitem').count()).toBe(2);
    expect(await commentsButton(benPost).innerText()).toBe('2 comments');
    expect(await commentsButton(anaPost).innerText()).toBe('2 comments');

    // Ben may delete his own comment, not Ana's.
    const benComment = benComments.getByRole('listitem', { name: 'Ben Reader' });
    const anaComment = benComments.getByRole('listitem', { name: 'Ana Author' });
    expect(await anaComment.getByRole('button', { name: 'Delete comment' }).count()).toBe(0);
    await shot(ben.page, 'feed-comments');
    await benComment.getByRole('button', { name: 'Delete comment' }).click();
    await expect.poll(() => benComments.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => anaComments.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => commentsButton(anaPost).innerText()).toBe('1 comment');

    // The box stops at 250 characters, pasted or typed: 260 pasted keep 250, a key more adds nothing,
    // no error shows and the comment may be sent.
    await benBox.fill('x'.repeat(260));
    await expect.poll(() => benBox.inputValue()).toBe('x'.repeat(250));
    await benPost.getByText('250/250').waitFor();
    await benBox.press('y');
    expect(await benBox.inputValue()).toBe('x'.repeat(250));
    expect(await benPost.getByText(COMMENT_LENGTH_MESSAGE).count()).toBe(0);
    const send = benPost.getByRole('button', { name: 'Comment', exact: true });
    expect(await send.isDisabled()).toBe(false);
    await shot(ben.page, 'feed-comment-at-limit');
    await benBox.press('Backspace');
    await benBox.press('y');
    expect(await benBox.inputValue()).toBe(`${'x'.repeat(249)}y`);
    expect(await stillSamePage(ben.page)).toBe(true);

    await ben.page.setViewportSize(VIEWPORTS.phone);
    await shot(ben.page, 'feed-member-phone');
  });

  it("lets the author edit, hides edit and delete from other members, and lets the owner delete a member's post for everyone", async () => {
    const { owner, community, members: [ada, bo] } = await feedClub(communityWith, 'Oscar Owner', ['ada', 'Ada Author'], ['bo', 'Bo Bystander']);
    await openCommunity(ada.page, community.name, { live: true });
    await openCommunity(bo.page, community.name, { live: true });
    await openCommunity(owner.page, community.name, { live: true });
    for (const page of [ada.page, bo.page, owner.page]) await markPage(page);

    await writePost(ada.page, 'Draft thoughts on the reading list');
    const boPost = postWith(bo.page, 'thoughts on the reading list');
    const ownerPost = postWith(owner.page, 'thoughts on the reading list');
    await boPost.waitFor();
    await ownerPost.waitFor();

    // Ada edits inline: Cancel keeps the text, Save changes it for everyone. (While she edits, the
    // text is in the editor, so her post is found by its author.)
    const adaPost = feedOf(ada.page).getByRole('article', { name: 'Post by Ada Author' });
    await adaPost.getByRole('button', { name: 'Post actions' }).click();
    await ada.page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = adaPost.getByRole('textbox', { name: 'Edit your post' });
    await editor.fill('Something else');
    await adaPost.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => editor.count()).toBe(0);
    expect(await adaPost.innerText()).toContain('Draft thoughts on the reading list');
    await adaPost.getByRole('button', { name: 'Post actions' }).click();
    await ada.page.getByRole('menuitem', { name: 'Edit' }).click();
    await editor.fill('Final thoughts on the reading list');
    await adaPost.getByRole('button', { name: 'Feeling' }).click();
    await ada.page.getByRole('menuitem', { name: 'Thinking' }).click();
    await shot(ada.page, 'feed-edit');
    await adaPost.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => editor.count()).toBe(0);
    await expect.poll(() => boPost.innerText()).toContain('Final thoughts on the reading list');
    expect(await boPost.innerText()).toContain('🤔 feeling Thinking');
    expect(await boPost.innerText()).toContain('edited');

    // A post's menu is set up when first used (LazyMenu): until then its button still says it opens
    // one, and a press with no pointer over it first (a tap, a screen reader's) opens it at once.
    const boMenu = boPost.getByRole('button', { name: 'Post actions' });
    expect(await boMenu.getAttribute('aria-haspopup')).toBe('menu');
    expect(await boMenu.getAttribute('aria-expanded')).toBe('false');
    await boMenu.dispatchEvent('click');
    await bo.page.getByRole('menu').getByRole('menuitem', { name: 'Report' }).waitFor();
    expect(await boMenu.getAttribute('aria-expanded')).toBe('true');
    await bo.page.keyboard.press('Escape');
    await bo.page.getByRole('menuitem').first().waitFor({ state: 'hidden' });
    expect(await boMenu.getAttribute('aria-expanded')).toBe('false');

    // Bo, another member, gets no edit or delete; the owner does (and may pin it: issue 24).
    expect(await postMenuItems(bo.page, boPost)).toEqual(['Report']);
    await ownerPost.getByRole('button', { name: 'Post actions' }).click();
    await owner.page.getByRole('menuitem', { name: 'Delete' }).waitFor();
    expect(await owner.page.getByRole('menuitem').allInnerTexts()).toEqual(['Pin to top', 'Report', 'Edit', 'Delete']);
    await owner.page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = owner.page.getByRole('dialog', { name: 'Delete post' });
    await settled(confirm);
    const question = confirm.getByText(DELETE_QUESTION);
    expect(await question.isVisible()).toBe(true);
    expect(await question.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await shot(owner.page, 'feed-delete-confirm');
    await owner.page.setViewportSize(VIEWPORTS.phone);
    await shot(owner.page, 'feed-delete-confirm-phone');
    await owner.page.setViewportSize(VIEWPORTS.desktop);

    // Cancel keeps it; confirming removes it on all three screens, none of them reloaded.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await ownerPost.count()).toBe(1);
    await ownerPost.getByRole('button', { name: 'Post actions' }).click();
    await owner.page.getByRole('menuitem', { name: 'Delete' }).click();
    await settled(confirm);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => ownerPost.count()).toBe(0);
    await expect.poll(() => boPost.count()).toBe(0);
    await expect.poll(() => adaPost.count()).toBe(0);
    await owner.page.getByText('Post deleted.').waitFor();
    for (const page of [ada.page, bo.page, owner.page]) {
      expect(await stillSamePage(page)).toBe(true);
      await page.getByText('No posts yet.', { exact: true }).waitFor();
    }

    // The server refuses Bo too, whatever the screen shows.
    await writePost(ada.page, 'Still here');
    const [item] = (await callTrpc<{ items: { id: string }[] }>(bo.page, 'posts.list', { communityId: community.id }, 'query')).items;
    await expect(callTrpc(bo.page, 'posts.delete', { postId: item!.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
