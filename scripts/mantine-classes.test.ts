import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from './bundle-size.ts';

/**
 * The web app carries the styles of the Mantine components it draws only (apps/web/src/mantine.css,
 * written by apps/web/scripts/mantine-styles.ts). Every Mantine class name the built scripts can put
 * on an element (`m_` and eight hex digits, from each component's class map) must then have its
 * rules in the built stylesheets whenever Mantine has rules for it. `npm test` builds first.
 */
const CLASS = /m_[0-9a-f]{8}/g;
const assets = path.join(WEB_DIST, 'assets');
const text = (extension: string) =>
  readdirSync(assets)
    .filter((file) => file.endsWith(extension))
    .map((file) => readFileSync(path.join(assets, file), 'utf8'))
    .join('\n');
const classesIn = (source: string) => new Set(source.match(CLASS) ?? []);

describe("Mantine's styles in the build", () => {
  it('has the rules of every Mantine class the scripts use', () => {
    const used = classesIn(text('.js'));
    const styled = classesIn(text('.css'));
    const mantine = classesIn(readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8'));
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((name) => mantine.has(name) && !styled.has(name))).toEqual([]);
  });
});
