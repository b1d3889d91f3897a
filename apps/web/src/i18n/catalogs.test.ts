import { describe, expect, it } from 'vitest';

/**
 * The Arabic catalogs mirror the English ones: the same keys (with Arabic's six plural forms where
 * English has two), the same {{variables}} and <tags>, Arabic text in every Arabic value and none in
 * the English ones.
 */
type Json = string | Json[] | { [key: string]: Json };

const load = (files: Record<string, Json>) =>
  new Map(Object.entries(files).map(([path, catalog]) => [path.split('/').pop()!, catalog]));
const en = load(import.meta.glob<Json>('./en/*.json', { eager: true, import: 'default' }));
// ar/server.json is not a catalog: it translates the server's messages by their English text (server-text.ts).
const ar = load(import.meta.glob<Json>(['./ar/*.json', '!./ar/server.json'], { eager: true, import: 'default' }));

const AR_PLURALS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
/** Forms where Arabic may write the number as a word (واحد، اثنان) instead of the count. */
const WORDED_FORMS = new Set(['zero', 'one', 'two']);
/** The count itself, or the count formatted for display (`{ count, value: formatCount(count) }`). */
const NUMBER_VARIABLES = new Set(['count', 'value']);
/** Values that stay as they are in Arabic: brand names, e-mail addresses, URLs. */
const UNTRANSLATED = new Set(['Commonroom', '{{title}} — Commonroom', 'https://www.youtube.com/watch?v=…']);

const ARABIC = /\p{Script=Arabic}/u;
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every string in a catalog by its key path (array items by index: `faq.items.0.question`). */
function leaves(node: Json, path = ''): Map<string, string> {
  if (typeof node === 'string') return new Map([[path, node]]);
  const entries = Array.isArray(node) ? node.map((child, i) => [String(i), child] as const) : Object.entries(node);
  return new Map(entries.flatMap(([key, child]) => [...leaves(child, path ? `${path}.${key}` : key)]));
}

/** The Arabic key path each English one becomes: `x_one` and `x_other` become the six forms of `x`. */
function arabicPaths(enPaths: Iterable<string>): Set<string> {
  const paths = new Set<string>();
  for (const path of enPaths) {
    const plural = /^(.*)_(one|other)$/.exec(path);
    if (plural) for (const form of AR_PLURALS) paths.add(`${plural[1]}_${form}`);
    else paths.add(path);
  }
  return paths;
}

/** The English value an Arabic key is checked against (`x_other` for every plural form of `x`). */
function englishFor(path: string, enLeaves: Map<string, string>): string | undefined {
  return enLeaves.get(path) ?? enLeaves.get(path.replace(PLURAL, '_other'));
}

const names = (text: string, pattern: RegExp) => new Set([...text.matchAll(pattern)].map((m) => m[1] ?? ''));
const variables = (text: string) => names(text, /\{\{\s*([^}\s,]+)[^}]*\}\}/g);
const tags = (text: string) => names(text, /<\/?([\w-]+)\s*\/?>/g);
const sorted = (set: Set<string>) => [...set].sort().join();
/** No words at all once placeholders and tags are gone (`{{count}}/160`, `@{{username}}`, `—`). */
const onlyPlaceholders = (text: string) => !/\p{L}/u.test(text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, ''));

describe('each language', () => {
  // i18n/index.ts joins a language's catalogs shallowly: a key two of them held would be lost.
  it.each([
    ['en', en],
    ['ar', ar],
  ] as const)('%s: every catalog owns its top-level keys', (_language, catalogs) => {
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const [file, catalog] of catalogs) {
      for (const key of Object.keys(catalog as Record<string, Json>)) {
        if (owner.has(key)) shared.push(`${key} (${owner.get(key)}, ${file})`);
        owner.set(key, file);
      }
    }
    expect(shared).toEqual([]);
    expect(owner.size).toBeGreaterThan(30);
  });
});

describe.each([...en.keys()].sort())('%s', (file) => {
  const enLeaves = leaves(en.get(file)!);
  const arCatalog = ar.get(file);

  it('has an Arabic catalog', () => {
    expect(arCatalog, `ar/${file} is missing`).toBeDefined();
  });

  const arLeaves = arCatalog === undefined ? new Map<string, string>() : leaves(arCatalog);
  const ifPresent = arCatalog === undefined ? it.skip : it;

  ifPresent('has the English keys, with the six Arabic plural forms', () => {
    const expected = arabicPaths(enLeaves.keys());
    const missing = [...expected].filter((path) => !arLeaves.has(path));
    const extra = [...arLeaves.keys()].filter((path) => !expected.has(path));
    expect({ missing, extra }, `ar/${file}: keys missing from ar / keys ar should not have`).toEqual({ missing: [], extra: [] });
  });

  ifPresent('keeps every {{variable}} and <tag> of the English value', () => {
    const problems: string[] = [];
    for (const [path, value] of arLeaves) {
      const english = englishFor(path, enLeaves);
      if (english === undefined) continue; // reported by the key test
      const form = PLURAL.exec(path)?.[1];
      const optional = (name: string) => !!form && WORDED_FORMS.has(form) && NUMBER_VARIABLES.has(name);
      const [mine, theirs] = [variables(value), variables(english)];
      const missing = [...theirs].filter((name) => !mine.has(name) && !optional(name));
      const extra = [...mine].filter((name) => !theirs.has(name));
      if (missing.length || extra.length) problems.push(`${path}: variables missing [${missing}], not in English [${extra}]`);
      if (sorted(tags(value)) !== sorted(tags(english)))
        problems.push(`${path}: tags <${sorted(tags(value))}> but English has <${sorted(tags(english))}>`);
    }
    expect(problems, `ar/${file}`).toEqual([]);
  });

  ifPresent('is written in Arabic', () => {
    const problems = [...arLeaves]
      .filter(([, value]) => !value.trim() || !(ARABIC.test(value) || UNTRANSLATED.has(value) || onlyPlaceholders(value)))
      .map(([path, value]) => `${path}: ${JSON.stringify(value)}`);
    expect(problems, `ar/${file}: empty or without Arabic letters`).toEqual([]);
  });

  it('the English catalog has no Arabic text', () => {
    const problems = [...enLeaves].filter(([, value]) => ARABIC.test(value)).map(([path, value]) => `${path}: ${value}`);
    expect(problems, `en/${file}: Arabic text in the English interface`).toEqual([]);
  });
});

it('every Arabic catalog has an English one', () => {
  expect([...ar.keys()].filter((file) => !en.has(file))).toEqual([]);
});
