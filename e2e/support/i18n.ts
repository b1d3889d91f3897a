import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Language } from '@app/shared/language';
import { baseUrl } from './browser.ts';

/**
 * The interface's text in a language, by catalog key, so a browser test can find what a person
 * reads in either language ('feed.composer.text'). Trans tags are dropped; {{values}} filled in.
 */
const dir = new URL('../../apps/web/src/i18n/', import.meta.url);
const catalogs = new Map<Language, Record<string, unknown>>();

function catalogOf(language: Language): Record<string, unknown> {
  let all = catalogs.get(language);
  if (!all) {
    all = {};
    for (const file of readdirSync(new URL(`${language}/`, dir)).filter((name) => name.endsWith('.json') && name !== 'server.json')) {
      Object.assign(all, JSON.parse(readFileSync(new URL(`${language}/${file}`, dir), 'utf8')));
    }
    catalogs.set(language, all);
  }
  return all;
}

export function text(language: Language, key: string, values: Record<string, string> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogOf(language));
  if (typeof value !== 'string') throw new Error(`No text '${key}' in the ${language} catalogs`);
  return value.replace(/<\/?\w+>/g, '').replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

/** The server's message in a language (ar/server.json translates it by its English text). */
export function serverMessage(language: Language, english: string): string {
  if (language === 'en') return english;
  const table = JSON.parse(readFileSync(new URL('ar/server.json', dir), 'utf8')) as Record<string, string>;
  return table[english] ?? english;
}

/** The interface in Arabic for this browser from its next page on (people sign in through the English stand-in first). */
export async function inArabic(page: Page) {
  await page.context().addCookies([{ name: 'lang', value: 'ar', url: baseUrl() }]);
}
