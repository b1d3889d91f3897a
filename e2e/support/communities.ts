import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser.ts';
import { callTrpc } from './trpc.ts';

/**
 * Communities for browser tests, made through the API with the signed-in page's cookies
 * (`page.request` shares them): a logo upload, then tRPC over plain HTTP.
 */

/** A real 64x64 PNG (an orange square); the server stores logos as WebP. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDqqlyTnvErIh7hIFCBKSh4etpohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbsAGVK/ILtS7RDdgA6pXZBfqXaIbsAHVK7IL9S7RDdiA6hXZhXqX6AZsQPWK7EK9S3QDNqB6RXah3iW6ARtQveIfHqDmgUsRjN81AAAAAElFTkSuQmCC',
  'base64',
);

let counter = 0;
/** A community name no other test (or earlier run against the same database) uses. */
export function uniqueCommunityName(prefix: string) {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
}

export const communityUrl = (name: string, search = '') => `/community/${encodeURIComponent(name)}${search}`;
export const joinUrl = (name: string) => `/${encodeURIComponent(name)}/join`;

/** Uploads the test PNG as a community logo; returns its URL. */
export async function uploadCommunityLogo(page: Page): Promise<string> {
  const res = await page.request.post('/api/uploads/community-logo', {
    multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

export interface CommunityFields {
  name: string;
  category?: string;
  language?: string;
  contactEmail?: string;
  availableSeats?: number | null;
  description?: string | null;
  rules?: string | null;
  videoUrl?: string | null;
  /** Set with an update after creation (the wizard does not ask for them). */
  isPrivate?: boolean;
  membershipAmountCents?: number;
}

/** What communities.byName answers (the fields tests look at). */
export interface CreatedCommunity {
  id: string;
  name: string;
  logoUrl: string;
  isPrivate: boolean;
  membershipAmountCents: number;
}

/**
 * Creates a community owned by the page's signed-in user (communities.create), then applies the
 * privacy and price with communities.update when asked.
 */
export async function createCommunityViaApi(page: Page, fields: CommunityFields): Promise<CreatedCommunity> {
  const logoUrl = await uploadCommunityLogo(page);
  const core = {
    name: fields.name,
    logoUrl,
    category: fields.category ?? 'coding',
    language: fields.language ?? 'english',
    contactEmail: fields.contactEmail ?? 'owner@example.com',
    availableSeats: fields.availableSeats ?? null,
    description: fields.description ?? null,
    rules: fields.rules ?? null,
    videoUrl: fields.videoUrl ?? null,
  };
  const created = await callTrpc<{ id: string; name: string }>(page, 'communities.create', { ...core, partner: null });
  const isPrivate = fields.isPrivate ?? false;
  const membershipAmountCents = fields.membershipAmountCents ?? 0;
  if (isPrivate || membershipAmountCents > 0) {
    await callTrpc(page, 'communities.update', { ...core, communityId: created.id, name: created.name, isPrivate, membershipAmountCents });
  }
  return { id: created.id, name: created.name, logoUrl, isPrivate, membershipAmountCents };
}

/** The page's user asks to join (private) or joins (free public) through membership.join. */
export function joinViaApi(page: Page, communityId: string) {
  return callTrpc<{ status: 'pending' | 'approved'; membersCount: number }>(page, 'membership.join', { communityId });
}

/** The owner's page accepts a pending request through membership.approve. */
export function approveViaApi(ownerPage: Page, communityId: string, userId: string) {
  return callTrpc<{ membersCount: number }>(ownerPage, 'membership.approve', { communityId, userId });
}

/* The create-community wizard, driven through the UI. */

/** Waits until the text shows (the first of its matches; a string matches exactly). */
export async function visible(page: Page, text: string | RegExp, timeout = 10_000) {
  const locator = typeof text === 'string' ? page.getByText(text, { exact: true }) : page.getByText(text);
  await expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
}

/** Chooses `option` in the select labelled `label`. */
export async function pick(page: Page, label: string, option: RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Uploads the test PNG through the wizard's or edit form's logo button and waits for its preview. */
export async function uploadLogo(page: Page) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  const preview = page.getByRole('img', { name: 'Logo preview' });
  await expect.poll(async () => (await preview.getAttribute('src')) ?? '', { timeout: 10_000 }).toMatch(/^\/uploads\/community-logos\/[\w-]+\/[\w-]+\.webp$/);
}

export interface NewCommunity {
  name: string;
  seats?: string;
  description?: string;
  rules?: string;
  /** Screenshots of both steps and the welcome dialog under this prefix. */
  screenshotAs?: string;
}

/** Creates a community through the wizard as the signed-in page's user and lands on its page. */
export async function createCommunity(page: Page, community: NewCommunity) {
  await page.goto('/start-community');
  await page.getByRole('textbox', { name: 'Community name' }).fill(community.name);
  await uploadLogo(page);
  await pick(page, 'Category', /Coding & Development/);
  await pick(page, 'Language', /English/);
  if (community.seats) await page.getByRole('textbox', { name: 'Available seats' }).fill(community.seats);
  if (community.screenshotAs) await screenshot(page, `${community.screenshotAs}-step1`);
  await page.getByRole('button', { name: 'Next Step' }).click();
  await visible(page, 'Step 2 of 2: Optional Details');
  if (community.description) await page.getByRole('textbox', { name: 'Description' }).fill(community.description);
  if (community.rules) await page.getByRole('textbox', { name: 'Rules' }).fill(community.rules);
  if (community.screenshotAs) await screenshot(page, `${community.screenshotAs}-step2`);
  await page.getByRole('button', { name: 'Create Community' }).click();
  await page.getByRole('dialog', { name: 'Welcome to your new community!' }).waitFor();
  if (community.screenshotAs) await screenshot(page, `${community.screenshotAs}-welcome`);
  await page.getByRole('button', { name: 'Maybe Later' }).click();
  await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/community/${community.name}`);
}

/**
 * Opens a tab of the community page (Posts, the default, has no `?tab=`) and waits until it is the
 * selected tab; with `live`, also until the page's live updates flow.
 */
export async function openCommunity(page: Page, name: string, { tab = 'Posts', live = false }: { tab?: string; live?: boolean } = {}) {
  await page.goto(communityUrl(name, tab === 'Posts' ? '' : `?tab=${tab.toLowerCase()}`));
  await page.getByRole('tab', { name: tab, selected: true }).waitFor();
  if (live) await page.getByRole('status').getByText('Live', { exact: true }).waitFor();
}

/* The members list (the members tab), as the owner and the moderators use it. */

export const membersList = (page: Page) => page.getByRole('list', { name: 'Members', exact: true });
export const memberRow = (page: Page, name: string) => membersList(page).getByRole('listitem').filter({ hasText: name });

/** The owner (or an admin) gives `name` a role through the row's menu, and the row's badge follows. */
export async function nameRole(page: Page, name: string, item: string, badge: string) {
  await page.getByRole('button', { name: `Change the role of ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await memberRow(page, name).getByText(badge, { exact: true }).waitFor({ timeout: 10_000 });
}
