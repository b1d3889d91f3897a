/// <reference types="vite/client" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The rule of plain/ (packages/shared/README.md): a plain module builds no zod schema, even through
 * what it imports, and the web app imports a domain's zod-free names from it, never from the domain's
 * module, whose evaluation builds every schema of the domain.
 */

const PLAIN = dirname(fileURLToPath(import.meta.url));
const SHARED = resolve(PLAIN, '..');
const WEB = resolve(PLAIN, '../../../../apps/web/src');

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });
/** What each plain module exports at run time, by its name ('communities'). */
const plainExports = new Map(Object.entries(modules).map(([path, exports]) => [path.slice(2, -3), new Set(Object.keys(exports))]));

/** An import, a re-export or a side-effect import, spread over lines or not: `type` (whole statement), the names' list and the specifier. */
const STATEMENT = /^(?:import|export)\s+(type\s+)?(?:\{([^}]*)\}\s+from\s+|[^'";]*?\s+from\s+)?'([^']+)'/gm;

const statements = (file: string) => [...readFileSync(file, 'utf8').matchAll(STATEMENT)].map(([, type, names, from]) => ({ type: !!type, names, from: from! }));

/** The way from `file` to zod through relative imports (type-only ones too: they tie the modules as well), or null. */
function pathToZod(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const { from } of statements(file)) {
    if (from === 'zod' || from.startsWith('zod/')) return [file, 'zod'];
    if (!from.startsWith('.')) continue;
    const rest = pathToZod(resolve(dirname(file), from), seen);
    if (rest) return [file, ...rest];
  }
  return null;
}

const sources = (dir: string, pattern: RegExp) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => pattern.test(name))
    .map((name) => join(dir, name));

describe('plain modules', () => {
  it('import neither zod nor a module that does', () => {
    const files = sources(PLAIN, /^\w+\.ts$/).filter((file) => !file.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(10);
    const offences = files.flatMap((file) => {
      const path = pathToZod(file);
      return path ? [path.map((step) => (step === 'zod' ? step : relative(SHARED, step))).join(' → ')] : [];
    });
    expect(offences).toEqual([]);
  });

  it("are where the web app imports a domain's zod-free names from", () => {
    const files = sources(WEB, /\.tsx?$/);
    expect(files.length).toBeGreaterThan(100);
    const offences: string[] = [];
    for (const file of files) {
      for (const { type, names, from } of statements(file)) {
        const domain = /^@app\/shared\/(\w+)$/.exec(from)?.[1];
        const plain = domain && plainExports.get(domain);
        if (!plain || type || names === undefined) continue;
        const where = `${relative(WEB, file)}: ${from}`;
        // Only `type` names, yet the statement stays and runs the module (verbatimModuleSyntax): `import type` is erased.
        const values = names.split(',').map((name) => name.trim()).filter((name) => name && !name.startsWith('type '));
        if (values.length === 0) offences.push(`${where} imports only types without \`import type\``);
        for (const name of values.map((value) => value.split(/\s+as\s+/)[0]!)) {
          if (plain.has(name)) offences.push(`${where} imports ${name}, which @app/shared/plain/${domain} has`);
        }
      }
    }
    expect(offences).toEqual([]);
  });
});
