import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every key the interface names literally (`t('x.y')`, `i18nKey="x.y"`) is in the English
 * catalogs, so no screen shows a bare key. Keys built at run time are checked by the screens' tests.
 */
type Json = string | Json[] | { [key: string]: Json };

const catalogs = import.meta.glob<Json>('./en/*.json', { eager: true, import: 'default' });

function keysOf(node: Json, path = '', into = new Set<string>()): Set<string> {
  if (typeof node === 'string' || Array.isArray(node)) {
    into.add(path);
    return into;
  }
  for (const [key, child] of Object.entries(node)) keysOf(child, path ? `${path}.${key}` : key, into);
  into.add(path);
  return into;
}

const known = new Set<string>();
for (const catalog of Object.values(catalogs)) for (const key of keysOf(catalog)) known.add(key);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') && name !== 'routeTree.gen.ts' ? [path] : [];
  });
}

const USES = [/\bt\(\s*'([A-Za-z0-9_.-]+)'/g, /i18nKey="([A-Za-z0-9_.-]+)"/g];
const PLURAL_SUFFIXES = ['', '_one', '_other', '_zero'];

describe('the keys the interface names', () => {
  it('are all in the English catalogs', () => {
    const root = new URL('..', import.meta.url).pathname;
    const missing: string[] = [];
    let count = 0;
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of USES) {
        for (const [, key] of text.matchAll(pattern)) {
          count += 1;
          if (!PLURAL_SUFFIXES.some((suffix) => known.has(`${key}${suffix}`))) missing.push(`${file.slice(root.length)}: ${key}`);
        }
      }
    }
    expect(count).toBeGreaterThan(500);
    expect(missing).toEqual([]);
  });
});
