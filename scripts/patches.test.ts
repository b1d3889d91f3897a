import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm install` patches some dependencies (patches/, patch-package). The Docker image installs its
 * production dependencies without install scripts and takes each patched package from its build
 * stage instead: a patch added without its line there would be missing in production.
 */
const root = new URL('../', import.meta.url);
const patches = readdirSync(new URL('patches/', root)).filter((file) => file.endsWith('.patch'));
/** `@trpc+server+11.22.1.patch` patches `@trpc/server`. */
const packageOf = (file: string) => file.replace(/\+[^+]+\.patch$/, '').replace('+', '/');

describe('patched dependencies', () => {
  it('are explained in patches/README.md and copied patched into the Docker image', () => {
    expect(patches.length).toBeGreaterThan(0);
    const readme = readFileSync(new URL('patches/README.md', root), 'utf8');
    const dockerfile = readFileSync(new URL('docker/Dockerfile', root), 'utf8');
    for (const file of patches) {
      expect(readme, file).toContain(`\`${file}\``);
      const name = packageOf(file);
      expect(dockerfile, name).toContain(`COPY --from=build /app/node_modules/${name} ./node_modules/${name}`);
    }
  });
});
