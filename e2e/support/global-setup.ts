import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { root, startApp } from './app.ts';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eEnabled: boolean;
    /** The app's database, for tests that seed rows directly; null when it runs on PGlite. */
    databaseUrl: string | null;
  }
}

/**
 * Starts the built app on a free port with its own empty database, once for all browser tests.
 * Without Chromium the browser tests say so loudly and are skipped, unless REQUIRE_E2E=1.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    const message = `Chromium is missing at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium'.`;
    if (process.env.REQUIRE_E2E === '1') throw new Error(`${message} REQUIRE_E2E=1 forbids skipping the browser tests.`);
    console.warn(`\n${'!'.repeat(80)}\n!! BROWSER TESTS SKIPPED: ${message}\n${'!'.repeat(80)}\n`);
    project.provide('e2eEnabled', false);
    project.provide('baseUrl', '');
    return;
  }
  if (!existsSync(HEADLESS_SHELL_PATH)) {
    const message = `Chromium's headless shell is missing at ${HEADLESS_SHELL_PATH}: install it with 'apt-get install -y chromium-headless-shell'.`;
    if (process.env.REQUIRE_E2E === '1') throw new Error(`${message} REQUIRE_E2E=1 runs the browser tests in it.`);
    console.warn(`\n${message} The browser tests run in the full browser instead, more slowly.\n`);
  }
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) throw new Error('The web app is not built: run `npm run build` first.');

  const app = await startApp();
  project.provide('e2eEnabled', true);
  project.provide('baseUrl', app.baseUrl);
  project.provide('databaseUrl', app.databaseUrl);
  return () => app.stop();
}
