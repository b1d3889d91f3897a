import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CommunityWith, Who } from './people.ts';

/** A community's feed: its texts, where posts and their buttons are, writing a post, and a club to post in. */

export const COMMENT_LENGTH_MESSAGE = 'A comment must be between 1 and 250 characters.';
export const DELETE_QUESTION = 'Are you sure you want to delete this post?';

export const feedOf = (page: Page) => page.getByRole('feed', { name: 'Community posts' });
/** The post (an article in the feed) whose text contains `text`. */
export const postWith = (page: Page, text: string) => feedOf(page).getByRole('article').filter({ hasText: text });
export const likeButton = (post: Locator) => post.getByRole('button', { name: /^\d+ likes?$/ });
export const commentsButton = (post: Locator) => post.getByRole('button', { name: /^\d+ comments?$/ });

/** What a post's '…' menu offers the viewer (every member but its author may Report it); the menu is closed again. */
export async function postMenuItems(page: Page, post: Locator): Promise<string[]> {
  await post.getByRole('button', { name: 'Post actions' }).click();
  await page.getByRole('menuitem').first().waitFor();
  const items = await page.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  await page.getByRole('menuitem').first().waitFor({ state: 'hidden' });
  return items.map((item) => item.trim());
}

/** Writes and publishes a post through the composer. */
export async function writePost(page: Page, text: string) {
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await postWith(page, text).waitFor();
  await expect.poll(() => page.getByRole('textbox', { name: "What's on your mind?" }).inputValue()).toBe('');
}

/** A free public community, 'Feed Club', owned by a new person, with members who joined through the API; `communityWith` is usePeople's. */
export const feedClub = <const M extends readonly Who[]>(communityWith: CommunityWith, ownerName: string, ...members: M) =>
  communityWith(['owner', ownerName], 'Feed Club', ...members);
