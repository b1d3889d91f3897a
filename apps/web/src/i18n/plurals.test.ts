import { createInstance } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Every pluralised string, said at 0, 1, 2, 3, 11 and 100 in both languages through i18next's own
 * plural rules (Intl.PluralRules: English has two forms, Arabic six): each count picks the form its
 * language's rules name, the form exists in that language (no silent fall back to English), and no
 * placeholder is left unfilled. Strings that show a count beside a noun without a plural (the
 * '1 points' kind) are caught by the last test.
 */
type Json = string | Json[] | { [key: string]: Json };
type Catalog = { [key: string]: Json };

const catalogs = (files: Record<string, Catalog>) => Object.values(files).reduce<Catalog>((all, catalog) => ({ ...all, ...catalog }), {});
const en = catalogs(import.meta.glob<Catalog>('./en/*.json', { eager: true, import: 'default' }));
const ar = catalogs(import.meta.glob<Catalog>(['./ar/*.json', '!./ar/server.json'], { eager: true, import: 'default' }));

const COUNTS = [0, 1, 2, 3, 11, 100];
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

function leaves(node: Json, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  const entries = Array.isArray(node) ? node.map((child, i) => [String(i), child] as const) : Object.entries(node);
  return entries.flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
}

const enLeaves = new Map(leaves(en));
const arLeaves = new Map(leaves(ar));
const pluralKeys = [...new Set([...enLeaves.keys()].flatMap((path) => PLURAL.exec(path)?.[1] ?? []))].sort();
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]!);

const i18n = createInstance();
beforeAll(async () => {
  await i18n.init({ resources: { en: { translation: en }, ar: { translation: ar } }, lng: 'en', fallbackLng: false, interpolation: { escapeValue: false } });
});

describe.each(['en', 'ar'] as const)('%s', (language) => {
  const rules = new Intl.PluralRules(language);
  const own = language === 'en' ? enLeaves : arLeaves;

  it('has plural strings to walk', () => {
    expect(pluralKeys.length).toBeGreaterThan(20);
  });

  it.each(pluralKeys)('%s at 0, 1, 2, 3, 11 and 100', (key) => {
    for (const count of COUNTS) {
      const form = `${key}_${rules.select(count)}`;
      const template = own.get(form);
      expect(template, `${language}: ${form} is missing`).toBeDefined();
      const values = Object.fromEntries(placeholders(template!).map((name) => [name, `‹${name}›`]));
      const said = i18n.getFixedT(language)(key, { ...values, count, value: String(count) });
      const expected = template!.replace(/\{\{\s*([^}\s,]+)[^}]*\}\}/g, (_, name: string) => (name === 'count' || name === 'value' ? String(count) : `‹${name}›`));
      expect(said, `${language}: ${key} at ${count}`).toBe(expected);
      expect(said).not.toMatch(/\{\{|\}\}/);
    }
  });
});

/**
 * Variables that only ever hold one fixed number (the trial's days, a limit such as 10 categories),
 * whose English plural is right as written; every other number beside a plural noun must be a plural key.
 */
const FIXED_NUMBERS = new Set(['days', 'max', 'trialDays', 'moneyBackDays']);
const NOUNS = 'points?|members?|comments?|likes?|replies|reply|votes?|lessons?|modules?|courses?|posts?|categories|category|people|seats?|days?|months?|messages?|communities|community|notifications?|referrals?';

it('shows no count beside a noun outside a plural string (no "1 points")', () => {
  // A share ('{{value}}/{{cap}} members') names the noun for the whole, as it should.
  const beside = new RegExp(`(?<!/)\\{\\{\\s*(\\w+)\\s*\\}\\}\\s+(?:more\\s+)?(?:${NOUNS})\\b`, 'i');
  const offenders = [...enLeaves]
    .filter(([path]) => !PLURAL.test(path))
    .filter(([, text]) => {
      const match = beside.exec(text);
      return match !== null && !FIXED_NUMBERS.has(match[1]!);
    })
    .map(([path, text]) => `${path}: ${text}`);
  expect(offenders).toEqual([]);
});
