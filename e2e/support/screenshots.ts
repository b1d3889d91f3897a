import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/**
 * Pictures of the product compared against committed baselines (e2e/screenshots/), so that a layout
 * that breaks is caught. A picture is taken once the page has stopped changing (two shots alike),
 * with animations stopped, the caret hidden and what differs from run to run (times, generated
 * codes and usernames) painted over. `UPDATE_SCREENSHOTS=1` writes the baselines instead of
 * comparing; a difference leaves the new picture and a picture of the difference in
 * test-results/screenshot-diffs/.
 */

const baselineDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const diffDir = fileURLToPath(new URL('../../test-results/screenshot-diffs/', import.meta.url));

/** A pixel differs when its colour is further than this (pixelmatch's 0..1 scale; anti-aliasing is ignored). */
const PIXEL_THRESHOLD = 0.1;
/** A picture passes with at most this share of its pixels differing. */
export const MAX_DIFF_RATIO = 0.005;

export const updatingBaselines = () => process.env.UPDATE_SCREENSHOTS === '1';

/** What every picture paints over: relative times, and whatever a test adds. */
export const alwaysMasked = (page: Page) => [page.locator('time')];

async function stableShot(page: Page, target: Page | Locator, mask: Locator[]): Promise<Buffer> {
  await page.evaluate(() => document.fonts.ready);
  const take = () => target.screenshot({ animations: 'disabled', caret: 'hide', mask: [...alwaysMasked(page), ...mask], maskColor: '#9aa0a6', scale: 'css' });
  let previous = await take();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await page.waitForTimeout(250);
    const next = await take();
    if (next.equals(previous)) return next;
    previous = next;
  }
  throw new Error('The page kept changing for 5 s: no stable picture to compare');
}

/** Compares the picture of `target` (the viewport of a page, or one element) with the baseline `name`. */
export async function matchesBaseline(page: Page, name: string, { target = page, mask = [] }: { target?: Page | Locator; mask?: Locator[] } = {}) {
  const actual = await stableShot(page, target, mask);
  const baselineFile = `${baselineDir}${name}.png`;
  if (updatingBaselines()) {
    mkdirSync(baselineDir, { recursive: true });
    writeFileSync(baselineFile, actual);
    return;
  }
  if (!existsSync(baselineFile)) throw new Error(`No baseline e2e/screenshots/${name}.png: make the baselines with UPDATE_SCREENSHOTS=1 (docs/testing.md)`);
  const expected = PNG.sync.read(readFileSync(baselineFile));
  const got = PNG.sync.read(actual);
  const keepEvidence = (diff?: PNG) => {
    mkdirSync(diffDir, { recursive: true });
    writeFileSync(`${diffDir}${name}.actual.png`, actual);
    if (diff) writeFileSync(`${diffDir}${name}.diff.png`, PNG.sync.write(diff));
  };
  if (expected.width !== got.width || expected.height !== got.height) {
    keepEvidence();
    throw new Error(`${name}: the picture is ${got.width}x${got.height}, the baseline ${expected.width}x${expected.height}`);
  }
  const diff = new PNG({ width: got.width, height: got.height });
  const differing = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, { threshold: PIXEL_THRESHOLD });
  const ratio = differing / (got.width * got.height);
  if (ratio > MAX_DIFF_RATIO) {
    keepEvidence(diff);
    throw new Error(`${name}: ${(ratio * 100).toFixed(2)}% of the pixels differ from the baseline (at most ${MAX_DIFF_RATIO * 100}%); see test-results/screenshot-diffs/${name}.diff.png`);
  }
}
