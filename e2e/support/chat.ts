import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { VIEWPORTS, type Viewport } from './browser.ts';
import { communityUrl } from './communities.ts';
import type { CommunityWith, Person } from './people.ts';
import { callTrpc, TrpcHttpError } from './trpc.ts';

/** Community chat: its texts, where things are on the page, and a community of three to chat in. */

export const NOT_MEMBERS = 'You can only chat with members of this community.';
export const DOWNLOADED = 'File downloaded successfully';
export const DOWNLOAD_FAILED = 'An error occurred while downloading';
export const UPLOAD_FAILED = 'Could not upload the file';

export const chatUrl = (name: string, withId?: string) => communityUrl(name, withId ? `?tab=chat&with=${withId}` : '?tab=chat');
export const thread = (page: Page, otherName: string) => page.getByRole('log', { name: `Messages with ${otherName}` });
export const messageWith = (page: Page, otherName: string, text: string) => thread(page, otherName).getByRole('listitem').filter({ hasText: text });
export const conversationLink = (page: Page, otherName: string) => page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(otherName) });
export const composerText = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
export const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
export const messagesButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Messages/ });

/** Opens a conversation and waits until its live updates flow. */
export async function openChat(page: Page, community: string, other: Person<string>) {
  await page.goto(chatUrl(community, other.id));
  await thread(page, other.name).waitFor();
  await page.getByRole('status').getByText('Live', { exact: true }).waitFor();
}

/** Sends a message through the API as `from` (for seeding; the UI path is tested on its own). */
export function sendViaApi(from: Person<string>, communityId: string, to: Person<string>, text: string) {
  return callTrpc<{ id: string }>(from.page, 'chat.send', { communityId, userId: to.id, text });
}

export async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TrpcHttpError);
  return error as TrpcHttpError;
}

/** A free public community owned by Olga, with two members (Ana and Ben) who joined through the API; `communityWith` is usePeople's. */
export async function chatClub(communityWith: CommunityWith, anaViewport: Viewport = VIEWPORTS.desktop, benViewport: Viewport = VIEWPORTS.desktop) {
  const { owner, community, members } = await communityWith(['olga', 'Olga Owner'], 'Chat Club', ['ana', 'Ana Author', anaViewport], ['ben', 'Ben Reader', benViewport]);
  return { owner, community, ana: members[0], ben: members[1] };
}
