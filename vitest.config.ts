import { defineConfig } from 'vitest/config';

/**
 * One run for every test: `unit` (pure helpers), `integration` (routers and HTTP against a throwaway
 * database each file) and `e2e` (the built app in Chromium; see e2e/README.md).
 */
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'bundle',
          include: ['scripts/bundle-size.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/{api,db,storage}/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
