import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { communityUrl, describeBrowser, feedClub, inArabic, markPage, openCommunity, postWith, shot, stillSamePage, text, usePeople, VIEWPORTS } from './support/index.ts';

const pollOf = (post: Locator) => post.getByRole('group', { name: 'Poll' });
const option = (post: Locator, label: string) => pollOf(post).getByRole('button', { name: new RegExp(`^${label}`) });

/** Writes a post with a poll of `options` through the composer ('Add poll', an option added past the first two). */
async function writePoll(page: Page, question: string, options: string[]) {
  await page.getByRole('button', { name: 'Add poll' }).click();
  for (const [index, label] of options.entries()) {
    if (index >= 2) await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByRole('textbox', { name: `Option ${index + 1}` }).fill(label);
  }
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(question);
}

describeBrowser('polls', () => {
  const { communityWith } = usePeople();

  it('one member creates a poll, the other votes in it, and both pages follow the votes and the closing live', async () => {
    const { community, members: [ana, ben] } = await feedClub(communityWith, 'Olga Owner', ['ana', 'Ana Asker'], ['ben', 'Ben Voter', VIEWPORTS.phone]);
    await openCommunity(ana.page, community.name, { live: true });
    await openCommunity(ben.page, community.name, { live: true });
    await markPage(ben.page);

    // The composer checks the poll with the server's words: a repeated option is refused before posting.
    await writePoll(ana.page, 'When shall we meet?', ['Mornings', 'mornings']);
    await ana.page.getByRole('button', { name: 'Post', exact: true }).click();
    await ana.page.getByRole('alert').filter({ hasText: 'Each poll option must be different.' }).waitFor();
    await ana.page.getByRole('textbox', { name: 'Option 2' }).fill('Evenings');
    await ana.page.getByRole('button', { name: 'Add option' }).click();
    await ana.page.getByRole('textbox', { name: 'Option 3' }).fill('Weekends');
    await ana.page.getByRole('button', { name: 'Add option' }).click();
    await ana.page.getByRole('button', { name: 'Remove option 4' }).click();
    expect(await ana.page.getByRole('textbox', { name: 'Option 4' }).count()).toBe(0);
    await shot(ana.page, 'polls-composer');
    await ana.page.getByRole('button', { name: 'Post', exact: true }).click();

    const anaPost = postWith(ana.page, 'When shall we meet?');
    const benPost = postWith(ben.page, 'When shall we meet?');
    await pollOf(anaPost).waitFor();
    await pollOf(benPost).waitFor();
    expect(await ana.page.getByRole('button', { name: 'Add poll' }).isVisible()).toBe(true);
    expect(await pollOf(benPost).getByRole('button').allInnerTexts()).toEqual(['Mornings', 'Evenings', 'Weekends']);
    expect(await pollOf(benPost).innerText()).toContain('0 votes');

    // Ben votes: he sees the results, his choice marked; Ana's page counts it.
    await option(benPost, 'Evenings').click();
    await expect.poll(() => option(benPost, 'Evenings').getAttribute('aria-pressed')).toBe('true');
    expect(await option(benPost, 'Evenings').innerText()).toContain('100% · 1 vote');
    await expect.poll(() => pollOf(anaPost).innerText()).toContain('1 vote');
    expect(await option(anaPost, 'Evenings').getAttribute('aria-pressed')).toBe('false');

    // Ana votes too; then Ben changes his vote to hers.
    await option(anaPost, 'Mornings').click();
    await expect.poll(() => option(benPost, 'Mornings').innerText()).toContain('50% · 1 vote');
    await option(benPost, 'Mornings').click();
    await expect.poll(() => option(anaPost, 'Mornings').innerText()).toContain('100% · 2 votes');
    await expect.poll(() => option(benPost, 'Evenings').innerText()).toContain('0% · 0 votes');
    expect(await option(benPost, 'Mornings').getAttribute('aria-pressed')).toBe('true');
    await shot(ben.page, 'polls-card-phone');

    // Ana edits her text: the poll keeps its votes (its options are no longer offered for editing).
    const anaCard = ana.page.getByRole('feed', { name: 'Community posts' }).getByRole('article', { name: 'Post by Ana Asker' });
    await anaCard.getByRole('button', { name: 'Post actions' }).click();
    await ana.page.getByRole('menuitem', { name: 'Edit' }).click();
    await anaCard.getByRole('textbox', { name: 'Edit your post' }).fill('When shall we meet? Friday or later.');
    expect(await anaCard.getByRole('textbox', { name: 'Option 1' }).count()).toBe(0);
    await anaCard.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => benPost.innerText()).toContain('Friday or later.');
    expect(await benPost.innerText()).toContain('edited');
    expect(await option(benPost, 'Mornings').innerText()).toContain('100% · 2 votes');

    // Only the author (and the owner) may close it; Ben's page shows it closed, his vote still marked.
    expect(await benPost.getByRole('button', { name: 'Close poll' }).count()).toBe(0);
    await anaPost.getByRole('button', { name: 'Close poll' }).click();
    await expect.poll(() => pollOf(benPost).innerText()).toContain('Poll closed');
    expect(await pollOf(benPost).getByRole('button').count()).toBe(0);
    expect(await pollOf(benPost).getByText('Mornings (Your vote)').count()).toBe(1);
    expect(await stillSamePage(ben.page)).toBe(true);
    await shot(ana.page, 'polls-card-closed');
  });

  it('speaks Arabic, right to left, on a desktop and a phone', async () => {
    const { community, members: [sara, omar] } = await feedClub(communityWith, 'Olga Owner', ['sara', 'Sara Sayegh'], ['omar', 'Omar Ali', VIEWPORTS.phone]);
    await inArabic(sara.page);
    await inArabic(omar.page);
    for (const page of [sara.page, omar.page]) {
      await page.goto(communityUrl(community.name));
      await page.getByRole('status').getByText(text('ar', 'feed.live'), { exact: true }).waitFor();
    }
    await sara.page.getByRole('button', { name: text('ar', 'polls.add') }).click();
    const arabic = (n: number) => sara.page.evaluate((value) => new Intl.NumberFormat('ar').format(value), n);
    await sara.page.getByRole('textbox', { name: text('ar', 'polls.option', { number: await arabic(1) }) }).fill('الصباح');
    await sara.page.getByRole('textbox', { name: text('ar', 'polls.option', { number: await arabic(2) }) }).fill('المساء');
    await sara.page.getByRole('textbox', { name: text('ar', 'feed.composer.text') }).fill('متى نلتقي؟');
    await shot(sara.page, 'polls-composer-ar');
    await sara.page.getByRole('button', { name: text('ar', 'feed.composer.submit'), exact: true }).click();
    const arabicPoll = (page: Page) =>
      page.getByRole('feed', { name: text('ar', 'feed.list') }).getByRole('article').filter({ hasText: 'متى نلتقي؟' }).getByRole('group', { name: text('ar', 'polls.region') });
    const omarPoll = arabicPoll(omar.page);
    await omarPoll.getByRole('button', { name: /^المساء/ }).click();
    await expect.poll(() => omarPoll.innerText()).toContain(text('ar', 'polls.votes_one'));
    expect(await omar.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const saraPoll = arabicPoll(sara.page);
    // Sara sees the count live; voting shows her the shares.
    await expect.poll(() => saraPoll.innerText()).toContain(text('ar', 'polls.votes_one'));
    await saraPoll.getByRole('button', { name: /^المساء/ }).click();
    await expect.poll(() => saraPoll.innerText()).toContain(text('ar', 'polls.votes_two'));
    expect(await saraPoll.getByRole('button', { name: /^المساء/ }).innerText()).toContain(await arabic(100));
    await shot(omar.page, 'polls-card-phone-ar');
    await shot(sara.page, 'polls-card-ar');
  });
});
