import { expect, it } from 'vitest';
import { callTrpc, communityUrl, describeBrowser, inArabic, joinUrl, shot, uniqueEmail, usePeople, VIEWPORTS } from './support/index.ts';

/*
 * Issue 25, invitations and join questions: an owner makes an invite link for a private community
 * and another person opening it is admitted without approval; an e-mail invite read from the local
 * mailbox leads a new person in through the sign-in; join questions set by the owner are answered
 * by an applicant and read by the owner with the request.
 */

const status = (page: Parameters<typeof callTrpc>[0], communityId: string) =>
  callTrpc<{ status: string }>(page, 'membership.status', { communityId }, 'query').then((s) => s.status);

describeBrowser('invitations', () => {
  const { communityWith, person, visitor } = usePeople();

  it('the owner makes an invite link for a private community; another person opens it and is in without approval', async () => {
    const { owner, community } = await communityWith(['ivy', 'Ivy Owner'], { name: `Invite Club ${Date.now().toString(36)}`, isPrivate: true });
    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    // The members list first: the page has settled before the click.
    await owner.page.getByRole('list', { name: 'Members', exact: true }).waitFor({ timeout: 30_000 });
    await owner.page.getByRole('button', { name: 'Invite', exact: true }).click({ timeout: 30_000 });
    const dialog = owner.page.getByRole('dialog', { name: 'Invite people' });
    await dialog.getByRole('textbox', { name: 'Number of uses' }).fill('5', { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByTestId('new-invite-link').innerText({ timeout: 30_000 });
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{32}$/);
    const invites = dialog.getByRole('list', { name: 'Invitations' });
    await invites.getByText('Used 0 of 5').waitFor();
    await shot(owner.page, 'invitations-dialog');

    // Someone else opens the link, signed out: the card, then sign-in, and back in the community.
    const guest = await visitor(VIEWPORTS.phone);
    await guest.page.goto(new URL(link).pathname);
    await guest.page.getByRole('heading', { name: `You are invited to join ${community.name}` }).waitFor({ timeout: 30_000 });
    await shot(guest.page, 'invitations-page-visitor-phone');
    await guest.page.getByRole('button', { name: 'Sign in to accept' }).click();
    await guest.page.getByRole('button', { name: 'Sign in with Google' }).click();
    await guest.page.waitForURL(/\/auth\/dev/);
    await guest.page.getByLabel('E-mail').fill(uniqueEmail('gus'));
    await guest.page.getByLabel('Name').fill('Gus Guest');
    await guest.page.getByRole('button', { name: 'Continue' }).click();
    // Back from the sign-in, the invite accepts itself: no second click.
    await guest.page.waitForURL((url) => url.pathname === communityUrl(community.name), { timeout: 30_000 });
    expect(await status(guest.page, community.id)).toBe('approved');

    // The owner's open dialog counts the use live, and a revoked link says so.
    await invites.getByText('Used 1 of 5').waitFor({ timeout: 10_000 });

    // Someone already signed in accepts with one click.
    const mia = await person('mia', 'Mia Member');
    await mia.page.goto(new URL(link).pathname);
    await mia.page.getByRole('button', { name: 'Accept invite' }).click({ timeout: 30_000 });
    await mia.page.waitForURL((url) => url.pathname === communityUrl(community.name), { timeout: 30_000 });
    expect(await status(mia.page, community.id)).toBe('approved');
    await invites.getByText('Used 2 of 5').waitFor({ timeout: 10_000 });
    await invites.getByRole('button', { name: /^Revoke Link made/ }).click();
    await expect.poll(() => invites.count(), { timeout: 10_000 }).toBe(0);
    const late = await person('lou', 'Lou Late');
    await late.page.goto(new URL(link).pathname);
    await late.page.getByText('This invite link was turned off. Ask for a new one.').waitFor();
    expect(await status(late.page, community.id)).toBe('none');
  });

  it('an e-mail invite read from the local mailbox leads a new person in', async () => {
    const { owner, community } = await communityWith(['eve', 'Eve Owner'], { name: `Mail Invite ${Date.now().toString(36)}`, isPrivate: true });
    const address = uniqueEmail('nia');
    await owner.page.goto(communityUrl(community.name, '?tab=members'));
    // The members list first: the page has settled before the click.
    await owner.page.getByRole('list', { name: 'Members', exact: true }).waitFor({ timeout: 30_000 });
    await owner.page.getByRole('button', { name: 'Invite', exact: true }).click({ timeout: 30_000 });
    const dialog = owner.page.getByRole('dialog', { name: 'Invite people' });
    await dialog.getByRole('textbox', { name: 'E-mail addresses' }).fill(address, { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    await dialog.getByText('1 invitation sent.').waitFor({ timeout: 10_000 });
    await dialog.getByRole('list', { name: 'Invitations' }).getByText(address).waitFor();

    // Without SMTP_URL the e-mail lands in the mailbox this computer shows.
    const newcomer = await visitor();
    const subject = `Eve Owner invited you to join ${community.name}`;
    await expect
      .poll(async () => {
        await newcomer.page.goto('/dev/mailbox');
        return newcomer.page.getByRole('link', { name: subject }).isVisible();
      }, { timeout: 60_000, interval: 2000 })
      .toBe(true);
    await newcomer.page.getByRole('link', { name: subject }).click();
    // The plain-text part holds the link.
    const inviteLink = /https?:\/\/[^\s<"]+\/invite\/[A-Za-z0-9_-]+/.exec((await newcomer.page.locator('pre').textContent()) ?? '')![0];
    await shot(newcomer.page, 'invitations-email');

    await newcomer.page.goto(new URL(inviteLink).pathname);
    await newcomer.page.getByRole('button', { name: 'Sign in to accept' }).click();
    await newcomer.page.getByRole('button', { name: 'Sign in with Google' }).click();
    await newcomer.page.waitForURL(/\/auth\/dev/);
    await newcomer.page.getByLabel('E-mail').fill(address);
    await newcomer.page.getByLabel('Name').fill('Nia Newcomer');
    await newcomer.page.getByRole('button', { name: 'Continue' }).click();
    await newcomer.page.waitForURL((url) => url.pathname === communityUrl(community.name), { timeout: 30_000 });
    expect(await status(newcomer.page, community.id)).toBe('approved');
  });

  it('join questions set by the owner are answered by an applicant and read by the owner with the request', async () => {
    const { owner, community } = await communityWith(['quinn', 'Quinn Owner'], { name: `Question Club ${Date.now().toString(36)}`, isPrivate: true });
    await owner.page.goto(communityUrl(community.name, '?tab=about&edit=1'));
    await owner.page.getByRole('textbox', { name: 'Question 1' }).fill('Why do you want to join?', { timeout: 30_000 });
    await owner.page.getByRole('textbox', { name: 'Question 2' }).fill('What do you build?');
    await shot(owner.page, 'join-questions-editor');
    await owner.page.getByRole('button', { name: 'Save changes' }).click();
    await owner.page.getByText('Changes saved successfully!').waitFor({ timeout: 10_000 });

    const applicant = await person('ada', 'Ada Applicant', VIEWPORTS.phone);
    await applicant.page.goto(joinUrl(community.name));
    await applicant.page.getByRole('textbox', { name: 'Why do you want to join?' }).fill('To learn from others');
    // Every question is required: the request waits for the second answer.
    await applicant.page.getByRole('button', { name: 'Request to Join' }).click();
    await applicant.page.getByText('Please answer every question.').waitFor();
    await applicant.page.getByRole('textbox', { name: 'What do you build?' }).fill('Small games');
    await shot(applicant.page, 'join-questions-form-phone');
    await applicant.page.getByRole('button', { name: 'Request to Join' }).click();
    await expect.poll(() => status(applicant.page, community.id), { timeout: 10_000 }).toBe('pending');

    await owner.page.goto(communityUrl(community.name, '?tab=invites'));
    const answers = owner.page.getByRole('definition');
    await owner.page.getByText('To learn from others').waitFor({ timeout: 10_000 });
    expect(await answers.allInnerTexts()).toEqual(['To learn from others', 'Small games']);
    await owner.page.getByText('Why do you want to join?').waitFor();
    await shot(owner.page, 'join-questions-answers');
    await inArabic(owner.page);
    await owner.page.reload();
    await owner.page.getByText('Small games').waitFor({ timeout: 30_000 });
    await shot(owner.page, 'join-questions-answers-ar');
  });
});
