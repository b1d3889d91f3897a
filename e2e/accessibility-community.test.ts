import { it } from 'vitest';
import { callTrpc, checkA11y, checkCommunityTabs, communityUrl, createCommunityViaApi, describeBrowser, h1, joinUrl, joinViaApi, seedCommunityScene, settled, uniqueCommunityName, usePeople, VIEWPORTS } from './support/index.ts';

/** axe on a community's pages, as its owner, a member and a visitor, on desktop and phone (see accessibility.test.ts). */
describeBrowser('accessibility of a community', () => {
  const { person, visitor: signedOut, communityWith } = usePeople();

  it("a community's tabs as owner and as member, the join page, a course and its editor", async () => {
    const { owner, member, community, courseId } = await seedCommunityScene(communityWith, {
      post: 'Welcome, everyone!',
      comment: 'Glad to be here.',
      chat: 'Hello there',
      course: { title: 'Basics', description: 'The basics, step by step' },
      module: 'Start',
      lesson: 'First steps',
      lessonHtml: '<p>Read <strong>carefully</strong>.</p>',
    });
    await checkCommunityTabs(community, owner, member, 'Live');
    await member.page.goto(`/course/${courseId}`);
    await checkA11y(member.page, 'course learning view', member.page.getByRole('article').getByRole('heading', { name: 'First steps' }));
    await owner.page.goto(`/edit-course/${courseId}`);
    await checkA11y(owner.page, 'course editor, details', owner.page.getByRole('tab', { name: /Details/, selected: true }));
    await owner.page.getByRole('tab', { name: /Content/ }).click();
    await checkA11y(owner.page, 'course editor, content', owner.page.getByRole('tab', { name: /Content/, selected: true }));

    const { context, page: visitor } = await signedOut();
    await visitor.goto(joinUrl(community.name));
    await checkA11y(visitor, 'join page, signed out', h1(visitor, community.name));
    await context.close();
    const newcomer = await person('newcomer', 'Nia Newcomer');
    await newcomer.page.goto(joinUrl(community.name));
    await checkA11y(newcomer.page, 'join page, signed in', h1(newcomer.page, community.name));
  }, 180_000);

  it('on a phone: landing, a community as member and owner, a pending request, the new course and event dialogs', async () => {
    const phone = VIEWPORTS.phone;
    const { owner, community, members: [member] } = await communityWith(['owner', 'Olive Owner', phone], { name: uniqueCommunityName('Phone Club'), description: 'Small screens.' }, ['member', 'Mia Member', phone]);
    const closed = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Closed Club'), isPrivate: true });
    await joinViaApi(member.page, closed.id);
    await callTrpc(owner.page, 'posts.create', { communityId: community.id, content: 'Hello, phones!' });

    await member.page.goto('/');
    await checkA11y(member.page, 'landing, phone', h1(member.page));
    await member.page.goto(communityUrl(community.name));
    await checkA11y(member.page, 'community posts, phone', member.page.getByRole('feed').getByRole('article'));
    await member.page.goto(communityUrl(closed.name));
    await checkA11y(member.page, 'pending request, phone', member.page.getByRole('heading', { name: 'Your Request is Pending Review' }));
    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    await checkA11y(owner.page, 'members tab, owner, phone', owner.page.getByRole('tabpanel'));

    await owner.page.setViewportSize(VIEWPORTS.desktop);
    await owner.page.goto(communityUrl(community.name, '?tab=courses'));
    await owner.page.getByRole('button', { name: 'New course' }).click();
    const courseForm = owner.page.getByRole('dialog', { name: 'New course' });
    await settled(courseForm);
    await checkA11y(owner.page, 'new course dialog', courseForm);
    await owner.page.keyboard.press('Escape');
    await owner.page.goto(communityUrl(community.name, '?tab=about'));
    await owner.page.getByRole('button', { name: 'Add event' }).first().click();
    const eventForm = owner.page.getByRole('dialog', { name: 'New event' });
    await settled(eventForm);
    await checkA11y(owner.page, 'new event dialog', eventForm);
  }, 120_000);
});
