/**
 * Everything browser tests use, from one place: `import { … } from './support/index.ts'`.
 * The e2e project's global setup (global-setup.ts: the built app on a free port with its own
 * database) and setup file (setup.ts: a failed test's evidence) are wired in vitest.config.ts.
 */
export * from './accessibility.ts';
export * from './app.ts';
export * from './browser.ts';
export * from './chat.ts';
export * from './communities.ts';
export * from './env.ts';
export * from './events.ts';
export * from './feed.ts';
export * from './gallery.ts';
export * from './i18n.ts';
export * from './people.ts';
export * from './screenshots.ts';
export * from './trpc.ts';
export * from './video.ts';
