import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * YouTube and Vimeo videos show a poster first (a play button named after the video, a link to its
 * page) and load the player on 'Play': `playVideo` checks the poster's link, presses Play and returns
 * the player's frame, once its address is the embed address given (with autoplay on).
 */
export async function playVideo(scope: Page | Locator, title: string, embedUrl: string, watchUrl: string): Promise<Locator> {
  const provider = new URL(watchUrl).hostname.includes('vimeo') ? 'Vimeo' : 'YouTube';
  expect(await scope.getByRole('link', { name: `Watch on ${provider}` }).first().getAttribute('href')).toBe(watchUrl);
  expect(await scope.locator(`iframe[title="${title}"]`).count()).toBe(0);
  await scope.getByRole('button', { name: `Play video: ${title}` }).click();
  const frame = scope.locator(`iframe[title="${title}"]`);
  await expect.poll(() => frame.getAttribute('src').then((src) => src?.split('?')[0])).toBe(embedUrl);
  expect(new URL((await frame.getAttribute('src'))!).searchParams.get('autoplay')).toBe('1');
  return frame;
}
