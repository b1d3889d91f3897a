import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callTrpc, communityUrl, describeBrowser, joinViaApi, loadedItemCount, shot, usePeople, VIEWPORTS } from './support/index.ts';

const feedOf = (page: Page) => page.getByRole('feed', { name: 'Community posts' });
const postWith = (page: Page, text: string) => feedOf(page).getByRole('article').filter({ hasText: text });
const likeButton = (post: Locator) => post.getByRole('button', { name: /^\d+ likes?$/ });

async function openTab(page: Page, name: string, tab: 'Posts' | 'Leaderboard') {
  await page.goto(communityUrl(name, tab === 'Posts' ? '' : '?tab=leaderboard'));
  await page.getByRole('tab', { name: tab, selected: true }).waitFor();
}

describeBrowser('points and levels', () => {
  const { person, communityWith } = usePeople();

  it('five likes (on a post and a comment, by five members, with clicks) lift a member to level 2 on all three boards, live', async () => {
    const { owner, community, members: [climber] } = await communityWith(['owner', 'Lena Leader'], 'Levels Club', ['climber', 'Cleo Climber']);
    const post = await callTrpc<{ id: string }>(climber.page, 'posts.create', { communityId: community.id, content: 'My first week of practice' });
    await callTrpc(climber.page, 'posts.addComment', { postId: post.id, content: 'Notes from day one' });

    // Cleo watches the leaderboard; Lena, the owner, watches the feed.
    await openTab(climber.page, community.name, 'Leaderboard');
    await climber.page.getByRole('heading', { name: 'Level 1' }).waitFor();
    await climber.page.getByText('0 points · 5 more points to level 2').waitFor();
    await openTab(owner.page, community.name, 'Posts');
    const ownerView = postWith(owner.page, 'My first week of practice');
    await ownerView.getByRole('img', { name: 'Level 1' }).waitFor();

    // Four members like the post, a fifth the comment, each in their own browser.
    let levelUpToast: Promise<void> | undefined;
    for (let i = 1; i <= 5; i += 1) {
      const fan = await person(`fan${i}`, `Fan Number${i}`);
      await joinViaApi(fan.page, community.id);
      await openTab(fan.page, community.name, 'Posts');
      const seen = postWith(fan.page, 'My first week of practice');
      // The like is shown at once; the fan's page is closed only once the server has it (closing the
      // page would cancel a request still on its way).
      const liked = fan.page.waitForResponse((response) => /\/trpc\/posts\.like(Comment)?\b/.test(response.url()) && response.ok());
      if (i < 5) {
        await likeButton(seen).click();
        await expect.poll(() => likeButton(seen).getAttribute('aria-pressed')).toBe('true');
      } else {
        await seen.getByRole('button', { name: /^\d+ comments?$/ }).click();
        const like = seen.getByRole('button', { name: /^Like this comment/ });
        // Cleo's congratulation shows for 8 s: watched from the fifth like on, so that a slow screenshot
        // and close below cannot outlast it.
        levelUpToast = climber.page.getByText('Level 2!').waitFor({ timeout: 30_000 });
        levelUpToast.catch(() => undefined);
        await like.click();
        await expect.poll(() => like.getAttribute('aria-label')).toBe('Like this comment (1 like)');
        await shot(fan.page, 'levels-comment-like');
      }
      await liked;
      await fan.context.close();
    }

    // Cleo is told at once, and her boards and level follow without a reload.
    expect(levelUpToast).toBeDefined();
    await levelUpToast;
    await climber.page.getByRole('heading', { name: 'Level 2' }).waitFor();
    await climber.page.getByText('5 points · 15 more points to level 3').waitFor();
    for (const period of ['7 days', '30 days', 'All time']) {
      await climber.page.getByText(period, { exact: true }).click();
      const board = climber.page.getByRole('list', { name: `Top members, ${period}` });
      await board.waitFor();
      const first = board.getByRole('listitem').first();
      await expect.poll(() => first.innerText()).toContain('Cleo Climber');
      expect(await first.innerText()).toContain('5 points');
      expect(await first.getByRole('img', { name: 'Level 2' }).count()).toBe(1);
      expect(await first.getByLabel('Rank 1').count()).toBe(1);
      // The owner, who liked nothing and earns nothing here, is not on the board.
      expect(await board.innerText()).not.toContain('Lena Leader');
      await climber.page.getByText('You are #1 with 5 points.').waitFor();
    }
    await shot(climber.page, 'levels-board');
    await climber.page.setViewportSize(VIEWPORTS.phone);
    await shot(climber.page, 'levels-board-phone');
    await climber.page.setViewportSize(VIEWPORTS.desktop);

    // Her profile shows the level too, on her avatar and by community.
    await climber.page.goto(`/profile/${climber.username}`);
    await climber.page.getByText(`Level 2 in ${community.name}`).waitFor();
    expect(await climber.page.getByRole('img', { name: 'Level 2' }).count()).toBe(1);
    await shot(climber.page, 'levels-profile');

    // The owner's open feed shows Cleo's new badge, and the owner's board says owners are not ranked.
    await ownerView.getByRole('img', { name: 'Level 2' }).waitFor();
    await openTab(owner.page, community.name, 'Leaderboard');
    await owner.page.getByText('As the owner you are not ranked: the boards are for your members.').waitFor();
    // In place of a rank of her own (owners earn nothing here), how her members spread over the levels.
    const spread = owner.page.getByRole('region', { name: "Your members' levels" });
    await expect.poll(() => spread.innerText()).toContain('6 members on the boards · Past level 1: 1');
    expect(await spread.getByRole('list', { name: 'Members by level' }).getByRole('listitem').allInnerTexts()).toEqual(['Level 1: 5', 'Level 2: 1']);
    expect(await owner.page.getByText(/more points? to level/).count()).toBe(0);
    await shot(owner.page, 'levels-owner');
    const levels = owner.page.getByRole('region', { name: 'Levels' }).getByRole('table');
    await expect.poll(() => levels.getByRole('row').count()).toBe(10);
    // Shares from the real members: Cleo and the five fans, one of six at level 2.
    expect(await levels.getByRole('row').nth(2).innerText()).toContain('16.67% of members');
    expect(await levels.getByRole('row').nth(1).innerText()).toContain('83.33% of members');
    expect(await levels.getByRole('row').nth(5).innerText()).toContain('Reward: weekly live Q&A');

    // The members tab shows Cleo's new level on her avatar, and the fans' level 1 on theirs.
    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    const members = owner.page.getByRole('list', { name: 'Members', exact: true });
    expect(await loadedItemCount(members)).toBe(7);
    const row = (name: string) => members.getByRole('listitem').filter({ hasText: name });
    expect(await row('Cleo Climber').getByRole('img', { name: /^Level \d$/ }).allInnerTexts()).toEqual(['2']);
    expect(await row('Cleo Climber').getByRole('img', { name: 'Level 2' }).count()).toBe(1);
    expect(await row('Fan Number1').getByRole('img', { name: /^Level \d$/ }).getAttribute('aria-label')).toBe('Level 1');
    await shot(owner.page, 'levels-members');
  });
});
