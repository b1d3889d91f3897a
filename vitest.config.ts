import { defineConfig } from 'vitest/config';

/**
 * One run for every test: `unit` (pure helpers), `integration` (routers and HTTP against a throwaway
 * database each file) and `e2e` (the built app in Chromium; see docs/testing.md).
 */
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/web/scripts/**/*.test.ts', 'scripts/import-cycles.test.ts', 'scripts/patches.test.ts'],
        },
      },
      {
        test: {
          name: 'bundle',
          include: ['scripts/bundle-size.test.ts', 'scripts/prerendered.test.ts', 'scripts/mantine-classes.test.ts'],
        },
      },
      {
        test: {
          // The compiled server (on the production Node LTS line; its e-mail thread) and the member's
          // pages it renders with the web's server build; needs `npm run build` (docs/testing.md).
          name: 'runtime',
          include: ['scripts/node-lts.test.ts', 'scripts/mail-thread.test.ts', 'apps/server/src/plugins/member-pages.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/{api,db,storage}/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/plugins/member-pages.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          setupFiles: ['e2e/support/setup.ts'],
          // A journey opens up to seven browsers on 2 cores, and these machines differ twofold in speed:
          // the levels journey took 23 s in one full run and over 60 s in another (whole run 823 s
          // against 1,735 s). Longer journeys still name their own.
          testTimeout: 120_000,
          hookTimeout: 90_000,
          // A page in Chromium beside the server and Postgres on 2 cores: 1 s (Vitest's default) is
          // too short for a page to load and hydrate under load; Playwright's own waits allow 15 s.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time against the one app: each signs in its own people and names its own
          // communities, so files do not see each other's rows.
          maxWorkers: 2,
        },
      },
    ],
  },
});
