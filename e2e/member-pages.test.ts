import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { communityUrl, describeBrowser, feedClub, openCommunity, pageErrors, postWith, usePeople, writePost } from './support/index.ts';

/** Waits until the app has written the browser's time zone (at idle, lib/time-zone.ts): the server renders a member's pages from then on. */
async function zoneKnown(page: Page) {
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'tz')).toBe(true);
}

describeBrowser('member pages rendered by the server', () => {
  const { communityWith } = usePeople();

  it('paints a member\'s posts tab and chat tab from the HTML, hydrates them without an error, and they go live', async () => {
    const { owner, members: [member], community } = await feedClub(communityWith, 'Olga Owner', ['mia', 'Mia Member']);
    await openCommunity(owner.page, community.name);
    await writePost(owner.page, 'Rendered for Mia before her script ran');

    const { page } = member!;
    await openCommunity(page, community.name);
    await zoneKnown(page);
    for (const search of ['', `?tab=chat&with=${owner.id}`]) {
      const answer = await page.goto(communityUrl(community.name, search));
      const html = await answer!.text();
      expect(answer!.headers()['cache-control'], search).toBe('private, no-store');
      expect(html, search).toContain('id="page-data"');
      if (!search) expect(html).toContain('Rendered for Mia before her script ran');
      await page.getByRole('tab', { name: search ? 'Chat' : 'Posts', selected: true }).waitFor();
    }
    // Back on the posts tab, hydrated: the owner's next post reaches it live.
    await openCommunity(page, community.name, { live: true });
    await writePost(owner.page, 'And this one live');
    await postWith(page, 'And this one live').waitFor();
    expect(pageErrors(page, { failedLoads: false })).toEqual([]);
  });
});
