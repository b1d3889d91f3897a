import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

/**
 * No import circle anywhere in the TypeScript sources, type-only imports included (ESLint's
 * import-x/no-cycle, which also runs, passes over `import type`). A circle through types still ties
 * two modules together: the live bus knowing the domains' events was one.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['packages', 'apps/server/src', 'apps/web/src', 'apps/web/scripts', 'e2e', 'scripts'];

describe('imports', () => {
  it('form no circle', async () => {
    const graph = await madge(SOURCES.map((dir) => `${root}${dir}`), {
      baseDir: root,
      fileExtensions: ['ts', 'tsx'],
      excludeRegExp: [/node_modules/, /\/dist(-ssr)?\//],
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    });
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(500);
    expect(graph.circular()).toEqual([]);
  }, 60_000);
});
