import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { callTrpc, communityUrl, createCommunityViaApi, describeBrowser, gate, openCommunity, type Person, PNG, screenshot, settled, shot, TrpcHttpError, uniqueCommunityName, usePeople, type Viewport, VIEWPORTS } from './support/index.ts';

const NOT_MEMBERS = 'You can only chat with members of this community.';
const DOWNLOADED = 'File downloaded successfully';
const DOWNLOAD_FAILED = 'An error occurred while downloading';
const UPLOAD_FAILED = 'Could not upload the file';


const chatUrl = (name: string, withId?: string) => communityUrl(name, withId ? `?tab=chat&with=${withId}` : '?tab=chat');
const thread = (page: Page, otherName: string) => page.getByRole('log', { name: `Messages with ${otherName}` });
const messageWith = (page: Page, otherName: string, text: string) => thread(page, otherName).getByRole('listitem').filter({ hasText: text });
const conversationLink = (page: Page, otherName: string) => page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(otherName) });
const composerText = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
const messagesButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Messages/ });

/** Opens a conversation and waits until its live updates flow. */
async function openChat(page: Page, community: string, other: Person<string>) {
  await page.goto(chatUrl(community, other.id));
  await thread(page, other.name).waitFor();
  await page.getByRole('status').getByText('Live', { exact: true }).waitFor();
}

/** Sends a message through the API as `from` (for seeding; the UI path is tested on its own). */
function sendViaApi(from: Person<string>, communityId: string, to: Person<string>, text: string) {
  return callTrpc<{ id: string }>(from.page, 'chat.send', { communityId, userId: to.id, text });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TrpcHttpError);
  return error as TrpcHttpError;
}

describeBrowser('community chat', () => {
  const { person, communityWith } = usePeople();

  /** A free public community owned by Olga, with two members who joined through the API. */
  async function chatClub(anaViewport: Viewport = VIEWPORTS.desktop, benViewport: Viewport = VIEWPORTS.desktop) {
    const { owner, community, members } = await communityWith(['olga', 'Olga Owner'], 'Chat Club', ['ana', 'Ana Author', anaViewport], ['ben', 'Ben Reader', benViewport]);
    return { owner, community, ana: members[0], ben: members[1] };
  }

  it('delivers messages live both ways, with edits, deletions and read receipts, on desktop and phone', async () => {
    const { community, ana, ben } = await chatClub(VIEWPORTS.desktop, VIEWPORTS.phone);

    // Ana opens the chat tab and starts a conversation with Ben from the member picker.
    await ana.page.goto(communityUrl(community.name));
    await ana.page.getByRole('tab', { name: 'Chat' }).click();
    await expect.poll(() => new URL(ana.page.url()).searchParams.get('tab')).toBe('chat');
    await ana.page.getByText('Your private messages').waitFor();
    await ana.page.getByText('No conversations yet. Pick a member above to start one.').waitFor();
    await shot(ana.page, 'chat-empty');
    await ana.page.getByRole('combobox', { name: 'Start a conversation' }).click();
    await ana.page.getByRole('combobox', { name: 'Start a conversation' }).fill('Ben');
    await ana.page.getByRole('option', { name: 'Ben Reader' }).click();
    await expect.poll(() => new URL(ana.page.url()).searchParams.get('with')).toBe(ben.id);
    await thread(ana.page, 'Ben Reader').waitFor();
    await ana.page.getByText('No messages yet. Say hello to Ben Reader!').waitFor();
    await ana.page.getByRole('status').getByText('Live', { exact: true }).waitFor();
    expect(await sendButton(ana.page).isDisabled()).toBe(true);
    await composerText(ana.page).fill('   ');
    expect(await sendButton(ana.page).isDisabled()).toBe(true);

    // Ben (on a phone) has the chat tab open on the list of conversations.
    await ben.page.goto(chatUrl(community.name));
    await ben.page.getByText('No conversations yet. Pick a member above to start one.').waitFor();
    expect(await ben.page.getByText('Your private messages').isVisible()).toBe(false);

    // Enter sends; Shift+Enter makes a new line.
    await composerText(ana.page).fill('');
    await composerText(ana.page).pressSequentially('Hello Ben!');
    await composerText(ana.page).press('Shift+Enter');
    await composerText(ana.page).pressSequentially('Two lines here.');
    await composerText(ana.page).press('Enter');
    const first = messageWith(ana.page, 'Ben Reader', 'Hello Ben!');
    await first.waitFor();
    expect(await first.getByText(/Hello Ben!/).innerText()).toBe('Hello Ben!\nTwo lines here.');
    await expect.poll(() => composerText(ana.page).inputValue()).toBe('');
    // Ana's own message sits on the end (right) side.
    const log = await thread(ana.page, 'Ben Reader').boundingBox();
    const bubble = await first.getByText(/Hello Ben!/).boundingBox();
    expect(bubble!.x + bubble!.width).toBeGreaterThan(log!.x + log!.width - 80);
    expect(bubble!.x).toBeGreaterThan(log!.x + log!.width / 3);

    // Ben's list shows the new conversation with one unread message, live; he opens it full width.
    const fromAna = conversationLink(ben.page, 'Ana Author');
    await expect.poll(() => fromAna.innerText(), { timeout: 5_000 }).toMatch(/Hello Ben!/);
    expect(await fromAna.getByLabel('1 unread message').isVisible()).toBe(true);
    await shot(ben.page, 'chat-list-phone');
    await fromAna.click();
    await thread(ben.page, 'Ana Author').waitFor();
    await ben.page.getByRole('status').getByText('Live', { exact: true }).waitFor();
    expect(await ben.page.getByRole('navigation', { name: 'Conversations' }).isVisible()).toBe(false);
    const received = messageWith(ben.page, 'Ana Author', 'Hello Ben!');
    await received.waitFor();
    // The other person's message sits on the start (left) side.
    const benLog = await thread(ben.page, 'Ana Author').boundingBox();
    expect((await received.getByText(/Hello Ben!/).boundingBox())!.x).toBeLessThan(benLog!.x + 40);
    // Opening it read it: Ana sees the read receipt.
    await expect.poll(() => first.getByRole('img', { name: 'Read' }).count(), { timeout: 5_000 }).toBe(1);

    // A message by one shows in the other's open chat within a second.
    await composerText(ana.page).fill('Are you coming on Friday?');
    const sentAt = Date.now();
    await sendButton(ana.page).click();
    await messageWith(ben.page, 'Ana Author', 'Are you coming on Friday?').waitFor({ timeout: 1_000 });
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    await composerText(ben.page).fill('Yes, see you there.');
    await composerText(ben.page).press('Enter');
    await messageWith(ana.page, 'Ben Reader', 'Yes, see you there.').waitFor({ timeout: 1_000 });

    // Ana edits her first message: both sides show the new text, marked edited.
    await first.hover();
    await first.getByRole('button', { name: 'Message actions' }).click();
    await ana.page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = ana.page.getByRole('textbox', { name: 'Edit message' });
    await editor.fill('Hello Ben, welcome to the club!');
    await ana.page.getByRole('button', { name: 'Save' }).click();
    const edited = messageWith(ana.page, 'Ben Reader', 'Hello Ben, welcome to the club!');
    await edited.getByText('edited', { exact: true }).waitFor();
    const editedForBen = messageWith(ben.page, 'Ana Author', 'Hello Ben, welcome to the club!');
    await editedForBen.getByText('edited', { exact: true }).waitFor({ timeout: 2_000 });
    expect(await messageWith(ben.page, 'Ana Author', 'Two lines here.').count()).toBe(0);

    // Only the sender may change a message: Ben gets no actions on Ana's, and the server refuses.
    expect(await editedForBen.getByRole('button', { name: 'Message actions' }).count()).toBe(0);
    const anaMessageId = await edited.getAttribute('data-message-id');
    const notSender = await refusal(callTrpc(ben.page, 'chat.edit', { messageId: anaMessageId, text: 'Hijacked' }));
    expect(notSender.code).toBe('FORBIDDEN');
    expect(notSender.message).toBe('Only the sender can change this message.');
    expect((await refusal(callTrpc(ben.page, 'chat.delete', { messageId: anaMessageId }))).code).toBe('FORBIDDEN');
    // A blank message is refused by the server too.
    expect((await refusal(callTrpc(ana.page, 'chat.send', { communityId: community.id, userId: ben.id, text: '  ' }))).message).toBe(
      'Write a message or add a video link.',
    );

    // A video link goes as its own message, with a player on both sides.
    await ana.page.getByRole('button', { name: 'Add a video link' }).click();
    await ana.page.getByRole('textbox', { name: 'Video link' }).fill('https://youtu.be/dQw4w9WgXcQ');
    expect(await sendButton(ana.page).isDisabled()).toBe(false);
    await ana.page.getByRole('textbox', { name: 'Video link' }).press('Enter');
    const player = (page: Page) => thread(page, page === ana.page ? 'Ben Reader' : 'Ana Author').locator('iframe[src="https://www.youtube.com/embed/dQw4w9WgXcQ"]');
    await player(ana.page).waitFor();
    await player(ben.page).waitFor({ timeout: 2_000 });
    await expect.poll(() => ana.page.getByRole('textbox', { name: 'Video link' }).count()).toBe(0);
    await shot(ana.page, 'chat-conversation');
    await shot(ben.page, 'chat-conversation-phone');

    // Ana deletes her Friday question after confirming: it goes on both sides.
    const question = messageWith(ana.page, 'Ben Reader', 'Are you coming on Friday?');
    await question.hover();
    await question.getByRole('button', { name: 'Message actions' }).click();
    await ana.page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = ana.page.getByRole('dialog', { name: 'Delete this message?' });
    await settled(dialog);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => question.count()).toBe(0);
    await expect.poll(() => messageWith(ben.page, 'Ana Author', 'Are you coming on Friday?').count(), { timeout: 2_000 }).toBe(0);

    // On the phone the back button returns to the list, now read.
    await ben.page.getByRole('link', { name: 'Back to all conversations' }).click();
    await expect.poll(() => new URL(ben.page.url()).searchParams.get('with')).toBeNull();
    await expect.poll(() => conversationLink(ben.page, 'Ana Author').innerText()).toMatch(/Ana Author/);
    expect(await conversationLink(ben.page, 'Ana Author').getByLabel(/unread/).count()).toBe(0);

    // A reload keeps the open conversation (it is in the address).
    await ana.page.reload();
    await messageWith(ana.page, 'Ben Reader', 'Yes, see you there.').waitFor();
    expect(await ana.page.getByRole('tab', { name: 'Chat', selected: true }).count()).toBe(1);
  });

  it('opens at the newest message and loads older pages at the top without moving the view', async () => {
    const { community, ana, ben } = await chatClub();
    for (let i = 1; i <= 45; i += 1) await sendViaApi(i % 2 === 0 ? ben : ana, community.id, i % 2 === 0 ? ana : ben, `Message ${String(i).padStart(2, '0')}`);

    // Older pages wait until the test lets them through, so the view can be measured while one loads.
    const olderPages = gate();
    await ana.page.route(/\/trpc\/[^?]*chat\.messages/, async (route) => {
      if (decodeURIComponent(route.request().url()).includes('"createdAt"')) await olderPages.opened;
      await route.continue();
    });
    await openChat(ana.page, community.name, ben);
    const log = thread(ana.page, 'Ben Reader');
    const items = log.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(20);
    expect(await items.first().innerText()).toMatch(/Message 26/);
    expect(await items.last().innerText()).toMatch(/Message 45/);
    // Scrolled to the bottom: the newest message is in view, the oldest loaded one is not.
    const inView = async (item: Locator) => {
      const [box, area] = [await item.boundingBox(), await log.boundingBox()];
      return box!.y >= area!.y - 1 && box!.y + box!.height <= area!.y + area!.height + 1;
    };
    expect(await inView(items.last())).toBe(true);
    expect(await inView(items.first())).toBe(false);

    // Scrolling to the top loads the previous page; the message that was at the top stays put.
    const anchor = messageWith(ana.page, 'Ben Reader', 'Message 26');
    await log.evaluate((el) => el.scrollTo({ top: -el.scrollHeight }));
    await ana.page.getByRole('status', { name: 'Loading older messages' }).waitFor();
    expect(await inView(anchor)).toBe(true);
    const before = (await anchor.boundingBox())!.y;
    olderPages.open();
    await expect.poll(() => items.count()).toBe(40);
    await expect.poll(async () => Math.abs((await anchor.boundingBox())!.y - before)).toBeLessThan(3);
    await shot(ana.page, 'chat-older');
    await log.evaluate((el) => el.scrollTo({ top: -el.scrollHeight }));
    await expect.poll(() => items.count()).toBe(45);
    await ana.page.getByText('This is the beginning of your conversation with Ben Reader.').waitFor();
    expect(await items.first().innerText()).toMatch(/Message 01/);
  });

  it('uploads attachments and downloads them, with the spec toasts', async () => {
    const { community, ana, ben } = await chatClub();
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
    const { community, ana } = await chatClub();
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
    const { community, ana, ben } = await chatClub();
    const dana = await person('dana', 'Dana Newcomer', VIEWPORTS.phone);
    await messagesButton(dana.page).click();
    await dana.page.getByText('No messages', { exact: true }).waitFor();
    await settled(dana.page.getByRole('menu'));
    await screenshot(dana.page, 'chat-topbar-empty-phone');

    // Ben is elsewhere while Ana writes twice.
    await openCommunity(ben.page, community.name, { tab: 'Members' });
    await sendViaApi(ana, community.id, ben, 'First note');
    await sendViaApi(ana, community.id, ben, 'Second note');
    await expect.poll(() => messagesButton(ben.page).getAttribute('aria-label'), { timeout: 5_000 }).toBe('Messages, 2 unread');
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
    await expect.poll(() => item.innerText(), { timeout: 5_000 }).toMatch(/Third note[\s\S]*3/);
    await expect.poll(() => messagesButton(ben.page).getAttribute('aria-label')).toBe('Messages, 3 unread');

    // Opening it shows the conversation, which reads it: the counts go.
    await item.click();
    await expect.poll(() => new URL(ben.page.url()).searchParams.get('with')).toBe(ana.id);
    await messageWith(ben.page, 'Ana Author', 'Third note').waitFor();
    await expect.poll(() => messagesButton(ben.page).getAttribute('aria-label'), { timeout: 5_000 }).toBe('Messages');
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
