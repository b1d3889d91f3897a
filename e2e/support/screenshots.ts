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

/** How long a picture that differs from its baseline is taken again (as Playwright's toHaveScreenshot does): a late toast or badge may still go. */
const MATCH_TIMEOUT_MS = 10_000;

/** The box around the differing pixels of a pixelmatch diff (drawn in red), for the failure message. */
function differingBox(diff: PNG): string {
  let [left, top, right, bottom] = [diff.width, diff.height, -1, -1];
  for (let y = 0; y < diff.height; y += 1) {
    for (let x = 0; x < diff.width; x += 1) {
      const i = (y * diff.width + x) * 4;
      if (diff.data[i] === 255 && diff.data[i + 1] === 0 && diff.data[i + 2] === 0) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return right < 0 ? 'nowhere' : `x ${left}–${right}, y ${top}–${bottom}`;
}

/** Compares the picture of `target` (the viewport of a page, or one element) with the baseline `name`. */
export async function matchesBaseline(page: Page, name: string, { target = page, mask = [] }: { target?: Page | Locator; mask?: Locator[] } = {}) {
  const baselineFile = `${baselineDir}${name}.png`;
  if (updatingBaselines()) {
    mkdirSync(baselineDir, { recursive: true });
    writeFileSync(baselineFile, await stableShot(page, target, mask));
    return;
  }
  if (!existsSync(baselineFile)) throw new Error(`No baseline e2e/screenshots/${name}.png: make the baselines with UPDATE_SCREENSHOTS=1 (docs/testing.md)`);
  const expected = PNG.sync.read(readFileSync(baselineFile));
  const deadline = Date.now() + MATCH_TIMEOUT_MS;
  for (;;) {
    const actual = await stableShot(page, target, mask);
    const got = PNG.sync.read(actual);
    const keepEvidence = (diff?: PNG) => {
      mkdirSync(diffDir, { recursive: true });
      writeFileSync(`${diffDir}${name}.actual.png`, actual);
      if (diff) writeFileSync(`${diffDir}${name}.diff.png`, PNG.sync.write(diff));
    };
    let failure: string;
    let diff: PNG | undefined;
    if (expected.width !== got.width || expected.height !== got.height) {
      failure = `${name}: the picture is ${got.width}x${got.height}, the baseline ${expected.width}x${expected.height}`;
    } else {
      diff = new PNG({ width: got.width, height: got.height });
      const differing = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, { threshold: PIXEL_THRESHOLD });
      const ratio = differing / (got.width * got.height);
      if (ratio <= MAX_DIFF_RATIO) return;
      failure = `${name}: ${(ratio * 100).toFixed(2)}% of the pixels differ from the baseline (at most ${MAX_DIFF_RATIO * 100}%), at ${differingBox(diff)}; see test-results/screenshot-diffs/${name}.diff.png`;
    }
    if (Date.now() >= deadline) {
      keepEvidence(diff);
      throw new Error(failure);
    }
    await page.waitForTimeout(500);
  }
}
