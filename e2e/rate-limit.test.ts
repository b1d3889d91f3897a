import { expect, it } from 'vitest';
import { callTrpc, createCommunityViaApi, describeBrowser, openCommunity, shot, uniqueCommunityName, usePeople } from './support/index.ts';

/** posts.create's limit (packages/api/src/rate-limit/limits.ts) at the e2e server's scale of 1. */
const POSTS_PER_MINUTE = 30;
const NOTICE = /^You're doing that a bit fast\. Please wait \d+ seconds? and try again\.$/;

describeBrowser('rate limits', () => {
  const { person } = usePeople();

  it('answers a post over the limit with one calm note, keeps the text and shows no error', async () => {
    const owner = await person('fast', 'Fiona Fast');
    const community = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Quick Posters') });
    // A script's minute of posts, all within the limit.
    for (let n = 1; n <= POSTS_PER_MINUTE; n += 1) await callTrpc(owner.page, 'posts.create', { communityId: community.id, content: `Scripted post ${n}` });

    const page = owner.page;
    await openCommunity(page, community.name, { live: true });
    const composer = page.getByRole('textbox', { name: "What's on your mind?" });
    await composer.fill('One more, by hand');
    await page.getByRole('button', { name: 'Post', exact: true }).click();

    const notice = page.getByRole('alert').filter({ hasText: NOTICE });
    await notice.waitFor();
    expect(await notice.count()).toBe(1);
    await shot(page, 'rate-limit-notice');
    // Nothing red, nothing lost: the text waits in the box, and no post was made.
    expect(await page.getByText('Failed to create post.').count()).toBe(0);
    expect(await composer.inputValue()).toBe('One more, by hand');
    const feed = page.getByRole('feed', { name: 'Community posts' });
    expect(await feed.getByRole('article').filter({ hasText: 'One more, by hand' }).count()).toBe(0);
  });
});
