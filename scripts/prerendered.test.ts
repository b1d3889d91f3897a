import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES, type Language } from '@app/shared/language';
import { EARLY_CLICKS_SCRIPT, PAGE_PRELOADS_ID, PAGE_STATE_ID, PRERENDERED_PAGES, prerenderedFile } from '@app/shared/prerendered';
import { WEB_DIST } from './bundle-size.ts';

/**
 * The public pages paint before any script runs (issue 15): the build wrote each one, in each
 * language, with its content in the HTML. `npm test` builds first; without a build this fails.
 */
type Catalog = Record<string, Record<string, Record<string, unknown>>>;
const catalog = (language: Language, name: string) =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/i18n/${language}/${name}.json`, import.meta.url), 'utf8')) as Catalog;

/** A heading each page shows in the HTML itself, from the language's catalogs. */
function headingOf(language: Language, page: string): string {
  const landing = catalog(language, 'landing');
  const legal = catalog(language, 'legal').legal!;
  const byPage: Record<string, unknown> = {
    '/': (landing.landing!.hero as Record<string, string>).eyebrow,
    '/pricing': (landing.pricing!.page as Record<string, string>).title,
    '/login': catalog(language, 'auth').auth!.accessHeading,
    '/discover': catalog(language, 'discover').discover!.title,
    '/terms-of-use': (legal.termsOfUse as Record<string, string>).title,
    '/privacy-policy': (legal.privacyPolicy as Record<string, string>).title,
    '/refund-policy': (legal.refundPolicy as Record<string, string>).title,
    '/subscription-terms': (legal.subscriptionTerms as Record<string, string>).title,
  };
  return String(byPage[page]).replaceAll("'", '&#x27;');
}

const read = (file: string) => readFileSync(path.join(WEB_DIST, file), 'utf8');

describe('public pages rendered ahead of time', () => {
  for (const language of INTERFACE_LANGUAGES) {
    for (const page of PRERENDERED_PAGES) {
      it(`${page} in ${language}: content in the HTML, right language and direction, one inline script: the one holding early clicks`, () => {
        const html = read(prerenderedFile(language, page));
        expect(html).toMatch(new RegExp(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}" data-mantine-color-scheme="light" data-prerendered="1">`));
        const root = html.slice(html.indexOf('<div id="root">'));
        expect(root).toContain(headingOf(language, page));
        // Nothing was left for the browser to render alone (a part that was still loading).
        expect(root).not.toContain('<!--$!-->');
        // The CSP allows one inline script, by its hash: the one that holds clicks made before the app
        // runs, first in the head, so no click is lost while the entry script is on its way.
        expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>[^<]*<\/script>/g) ?? []).toEqual([`<script>${EARLY_CLICKS_SCRIPT}</script>`]);
        expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('rel="stylesheet"'));
        // The stylesheet comes before the entry script.
        expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('<script type="module"'));
        // The page's own <title> comes first (the shell's stays after it, for pages left without one).
        const titles = html.match(/<title>[^<]*<\/title>/g) ?? [];
        expect(titles.length).toBeGreaterThanOrEqual(1);
        expect(titles.length).toBeLessThanOrEqual(2);
        expect(titles.at(-1)).toBe('<title>Commonroom</title>');
        expect(root).not.toContain('<title>');
      });
      it(`${page} in ${language}: its own scripts named for the app to preload, inert until then; parts that hydrate apart`, () => {
        const html = read(prerenderedFile(language, page));
        const head = html.slice(0, html.indexOf('</head>'));
        // No module preload in the head: fetched beside the stylesheet, they would delay the first paint.
        expect(head).not.toContain('modulepreload');
        const template = html.match(new RegExp(`<template id="${PAGE_PRELOADS_ID}">(.*?)</template>`))?.[1];
        expect(template).toBeDefined();
        const files = [...template!.matchAll(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+\.js)">/g)].map((m) => m[1]!);
        expect(files.length).toBeGreaterThan(0);
        expect(template!.replace(/<link rel="modulepreload" crossorigin href="[^"]+">/g, '')).toBe('');
        for (const file of files) expect(existsSync(path.join(WEB_DIST, file)), file).toBe(true);
        expect(new Set(files).size).toBe(files.length);
        // The formatted values it was written with, for the app to read instead of formatting them again.
        const state = html.match(new RegExp(`<template id="${PAGE_STATE_ID}" data-formats="([^"]*)" data-parts="(\\d+)"></template>`));
        expect(state).not.toBeNull();
        const formats = state![1]!;
        // The top bar (and the page's own parts, on most) hydrate apart: the app waits for each.
        const parts = Number(state![2]);
        expect(parts).toBeGreaterThanOrEqual(page === '/discover' ? 1 : 2);
        const values = JSON.parse(formats!.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')) as Record<string, unknown>;
        for (const value of Object.values(values)) expect(typeof value).toBe('string');
        if (language === 'en' && (page === '/' || page === '/pricing')) expect(Object.values(values)).toContain('$89');
        // Each part is a Suspense boundary of its own in the HTML.
        const root = html.slice(html.indexOf('<div id="root">'));
        expect((root.match(/<!--\$-->/g) ?? []).length).toBeGreaterThanOrEqual(parts);
      });
    }
    it(`the ${language} shell has no content and is not marked as rendered ahead of time`, () => {
      const html = read(prerenderedFile(language, null));
      expect(html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}" data-mantine-color-scheme="light">`);
      expect(html).toContain('<div id="root"></div>');
      // Nothing to hold clicks for: the page is drawn by the app itself.
      expect(html).not.toContain('<script>');
    });
  }
});
