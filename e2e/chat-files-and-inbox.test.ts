import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { callTrpc, chatClub, chatUrl, communityUrl, composerText, createCommunityViaApi, describeBrowser, DOWNLOAD_FAILED, DOWNLOADED, messagesButton, messageWith, NOT_MEMBERS, openChat, openCommunity, PNG, refusal, screenshot, sendViaApi, settled, shot, thread, uniqueCommunityName, UPLOAD_FAILED, usePeople, VIEWPORTS } from './support/index.ts';

/** Community chat (see chat.test.ts): attachments, who may be chatted with, and the conversations menu in the top bar. */
describeBrowser('community chat: files and the inbox', () => {
  const { person, communityWith } = usePeople();

  it('uploads attachments and downloads them, with the spec toasts', async () => {
    const { community, ana, ben } = await chatClub(communityWith);
    await openChat(ana.page, community.name, ben);
    await openChat(ben.page, community.name, ana);

    // A text file, captioned with the text in the composer.
    const notes = Buffer.from('Agenda:\n1. Warm-up\n2. Pairing session\n');
    await composerText(ana.page).fill('The agenda for Friday');
    const chooser = ana.page.waitForEvent('filechooser');
    await ana.page.getByRole('button', { name: 'Attach a file' }).click();
    await (await chooser).setFiles({ name: 'agenda notes.txt', mimeType: 'text/plain', buffer: notes });
    const sent = messageWith(ana.page, 'Ben Reader', 'agenda notes.txt');
    await sent.waitFor();
    expect(await sent.innerText()).toMatch(/Text file[\s\S]*The agenda for Friday/);
    await expect.poll(() => composerText(ana.page).inputValue()).toBe('');

    // Ben downloads it: the same bytes, under its name, and the success toast for about 2.5 s.
    const file = messageWith(ben.page, 'Ana Author', 'agenda notes.txt');
    await file.waitFor({ timeout: 2_000 });
    const download = ben.page.waitForEvent('download');
    await file.getByRole('button', { name: 'Download agenda notes.txt' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('agenda notes.txt');
    expect(await readFile((await saved.path())!)).toEqual(notes);
    const toast = ben.page.getByText(DOWNLOADED, { exact: true });
    await toast.waitFor();
    await shot(ben.page, 'chat-download');
    await expect.poll(() => toast.count(), { timeout: 5_000 }).toBe(0);

    // A download that fails says so.
    await ben.page.route('**/api/chat/messages/*/attachment', (route) => route.fulfill({ status: 500, body: 'no' }));
    await file.getByRole('button', { name: 'Download agenda notes.txt' }).click();
    await ben.page.getByText(DOWNLOAD_FAILED, { exact: true }).waitFor();
    await ben.page.unroute('**/api/chat/messages/*/attachment');

    // An image shows inline on both sides.
    const imageChooser = ana.page.waitForEvent('filechooser');
    await ana.page.getByRole('button', { name: 'Attach a file' }).click();
    await (await imageChooser).setFiles({ name: 'square.png', mimeType: 'image/png', buffer: PNG });
    const image = thread(ben.page, 'Ana Author').getByRole('img', { name: 'Image shared by Ana Author' });
    await image.waitFor({ timeout: 5_000 });
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);

    // A file the server does not accept is not sent: 'Could not upload the file' with the reason.
    const badChooser = ana.page.waitForEvent('filechooser');
    await ana.page.getByRole('button', { name: 'Attach a file' }).click();
    await (await badChooser).setFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0, 159, 146, 150, 1, 2, 3, 4, 5, 6, 7, 8]) });
    const alert = ana.page.getByRole('alert').filter({ hasText: UPLOAD_FAILED });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Unsupported file type.');
    expect(await messageWith(ana.page, 'Ben Reader', 'broken.pdf').count()).toBe(0);
    await shot(ana.page, 'chat-attachments');
  });

  it('refuses a chat with someone who is not a member of the community', async () => {
    const { community, ana } = await chatClub(communityWith);
    const carl = await person('carl', 'Carl Elsewhere');
    await createCommunityViaApi(carl.page, { name: uniqueCommunityName('Other Place') });

    await ana.page.goto(chatUrl(community.name, carl.id));
    const alert = ana.page.getByRole('alert').filter({ hasText: NOT_MEMBERS });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('You cannot chat with this person here');
    expect(await composerText(ana.page).count()).toBe(0);
    await shot(ana.page, 'chat-refused');

    // An address that names nobody is refused the same way.
    await ana.page.goto(chatUrl(community.name, 'not-a-person'));
    await ana.page.getByRole('alert').filter({ hasText: NOT_MEMBERS }).waitFor();

    // The server refuses either way round.
    for (const [from, to] of [
      [ana, carl],
      [carl, ana],
    ] as const) {
      const error = await refusal(sendViaApi(from, community.id, to, 'Hello there'));
      expect(error.code).toBe('FORBIDDEN');
      expect(error.message).toBe(NOT_MEMBERS);
    }
    expect((await refusal(callTrpc(ana.page, 'chat.messages', { communityId: community.id, userId: carl.id }, 'query'))).message).toBe(NOT_MEMBERS);
  });

  it('lists conversations with unread counts in the top bar, live, and says No messages to someone with none', async () => {
    const { community, ana, ben } = await chatClub(communityWith);
    const dana = await person('dana', 'Dana Newcomer', VIEWPORTS.phone);
    await dana.page.goto('/');
    await messagesButton(dana.page).click();
    await dana.page.getByText('No messages', { exact: true }).waitFor();
    await settled(dana.page.getByRole('menu'));
    await screenshot(dana.page, 'chat-topbar-empty-phone');

    // Ben is elsewhere (the feed, not the chat) while Ana writes twice; his page is live first, as in
    // every live test: under a full run's load its socket can take seconds to open.
    await openCommunity(ben.page, community.name, { live: true });
    await sendViaApi(ana, community.id, ben, 'First note');
    await sendViaApi(ana, community.id, ben, 'Second note');
    await expect.poll(() => messagesButton(ben.page).getAttribute('aria-label')).toBe('Messages, 2 unread');
    await messagesButton(ben.page).click();
    const item = ben.page.getByRole('menuitem', { name: /Ana Author/ });
    await item.waitFor();
    expect(await item.innerText()).toMatch(new RegExp(`Ana Author[\\s\\S]*${community.name}[\\s\\S]*Second note[\\s\\S]*2`));
    expect(await item.getByLabel('2 unread messages').isVisible()).toBe(true);
    expect(await item.getAttribute('href')).toBe(`${communityUrl(community.name)}?tab=chat&with=${ana.id}`);
    await settled(ben.page.getByRole('menu'));
    await shot(ben.page, 'chat-topbar');

    // A third one arrives while the dropdown is open.
    await sendViaApi(ana, community.id, ben, 'Third note');
    await expect.poll(() => item.innerText()).toMatch(/Third note[\s\S]*3/);
    await expect.poll(() => messagesButton(ben.page).getAttribute('aria-label')).toBe('Messages, 3 unread');

    // Opening it shows the conversation, which reads it: the counts go.
    await item.click();
    await expect.poll(() => new URL(ben.page.url()).searchParams.get('with')).toBe(ana.id);
    await messageWith(ben.page, 'Ana Author', 'Third note').waitFor();
    await expect.poll(() => messagesButton(ben.page).getAttribute('aria-label')).toBe('Messages');
    await messagesButton(ben.page).click();
    await expect.poll(() => ben.page.getByRole('menuitem', { name: /Ana Author/ }).getByLabel(/unread/).count()).toBe(0);
    await ben.page.keyboard.press('Escape');

    // Ana, who sent them, sees the conversation too, without an unread count; Dana still has none.
    await ana.page.goto('/');
    await messagesButton(ana.page).click();
    const anaItem = ana.page.getByRole('menuitem', { name: /Ben Reader/ });
    await anaItem.waitFor();
    expect(await anaItem.innerText()).toMatch(/You: Third note/);
    expect(await anaItem.getByLabel(/unread/).count()).toBe(0);
    await dana.page.reload();
    await messagesButton(dana.page).click();
    await dana.page.getByText('No messages', { exact: true }).waitFor();
  });
});
