/**
 * Writes the public pages, rendered ahead of time in each language, beside the built app:
 * dist/prerendered/<language>/<page>.html (with .br and .gz copies), and each language's empty shell
 * (dist/prerendered/<language>/shell.html) for every other page. The server picks the file by the
 * visitor's language (apps/server/src/plugins/static.ts); the browser hydrates it (src/main.tsx).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { INTERFACE_LANGUAGES, type Language } from '@app/shared/language';
import { EARLY_CLICKS_SCRIPT, manifestOf, PAGE_PRELOADS_ID, PAGE_STATE_ID, PRERENDERED_PAGES, prerenderedFile } from '@app/shared/prerendered';
import type { Rendering } from '../src/prerender.tsx';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const { render } = (await import(pathToFileURL(join(web, 'dist-ssr', 'prerender.js')).href)) as {
  render: (path: string, language: string) => Promise<Rendering>;
};
/**
 * The built index.html, its stylesheet moved to the head's start: the page paints once the HTML and
 * the stylesheet are here, so the stylesheet should not queue behind the scripts' many preloads.
 */
function stylesheetFirst(html: string): string {
  const stylesheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
  const rest = stylesheets.reduce((out, link) => out.replace(link, ''), html);
  return rest.replace(/(<meta charset[^>]*>)/, `$1${stylesheets.join('')}`);
}

const template = stylesheetFirst(await readFile(join(dist, 'index.html'), 'utf8'));

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
}
const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

/**
 * What the app loads on its own while it takes over any prerendered page, beside the page's route
 * (the English catalogs are asked for as the entry runs, before any template could name them).
 */
const APP_PARTS = ['src/components/NotificationsHost.tsx'];
const LANGUAGE_PARTS: Record<string, string[]> = { ar: ['src/i18n/catalogs-ar.ts'] };

/** The stylesheets and scripts of a page's own code (its route's chunk and what it imports), beyond the entry's. */
function routeParts(path: string, language: string) {
  const route = `src/routes/${path === '/' ? 'index' : path.slice(1)}.tsx?tsr-split=component`;
  const entryStyles = new Set(manifest['index.html']?.css ?? []);
  const styles = new Set<string>();
  const scripts = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build has no chunk '${key}': is ${path} still a route of its own?`);
    if (key === 'index.html' || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) if (!entryStyles.has(css)) styles.add(css);
    for (const child of chunk.imports ?? []) visit(child);
  };
  for (const key of [route, ...APP_PARTS, ...(LANGUAGE_PARTS[language] ?? [])]) visit(key);
  return {
    /**
     * For the head: the app would add them only once it runs, and the page, painted without them,
     * would change when they came. Named here, the page paints with them from the first frame.
     */
    stylesheets: [...styles].map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`).join(''),
    /**
     * For the app to move into the head when it starts (boot.tsx), a few per task: otherwise Vite's
     * loader adds a preload for each of them, dozens in one task that holds the page. Inert until then
     * (a template): in the head from the start, they would be fetched beside the stylesheet, and the
     * page would paint later.
     */
    preloads: `<template id="${PAGE_PRELOADS_ID}">${[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')}</template>`,
  };
}

/** React writes a page's <title> and image preloads where they are rendered; they belong in the head. */
const HOISTED = /<title>[^<]*<\/title>|<link rel="preload"[^>]*\/>/g;

/** Text for a double-quoted attribute. */
const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function page(language: Language, path: string | null, rendering: Rendering | null): string {
  const rendered = rendering?.html ?? null;
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const hoisted = rendered?.match(HOISTED) ?? [];
  const title = hoisted.find((tag) => tag.startsWith('<title>'));
  const body = rendered?.replace(HOISTED, '') ?? '';
  const parts = path === null ? null : routeParts(path, language);
  let html = template
    // Mantine's colour variables apply under the scheme's attribute, which the app sets only once it
    // runs: without it, a page painted before then has no borders or body colours, and moves when they come.
    // First in the head: clicks made before the app runs are held from the first paint (main.tsx).
    .replace(/(<meta charset[^>]*>)/, rendered === null ? '$1' : `$1<script>${EARLY_CLICKS_SCRIPT}</script>`)
    // The installable app's name and direction in the page's language.
    .replace('/manifest.en.webmanifest', manifestOf(language))
    .replace(
      /<html[^>]*>/,
      `<html lang="${language}" dir="${dir}" data-mantine-color-scheme="light"${rendered === null ? '' : ' data-prerendered="1"'}>`,
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root">${body}</div>${parts?.preloads ?? ''}${
        rendering
          ? `<template id="${PAGE_STATE_ID}" data-formats="${attribute(JSON.stringify(rendering.formats))}" data-parts="${rendering.parts}"></template>`
          : ''
      }`,
    )
    .replace('</head>', `${parts?.stylesheets ?? ''}${hoisted.filter((tag) => tag !== title).join('')}</head>`);
  // The page's title first (React takes it over, and removes it when the page goes); the shell's after
  // it, so a page without a title of its own still has one.
  if (title) html = html.replace(/<title>[^<]*<\/title>/, (shell) => `${title}\n    ${shell}`);
  return html;
}

async function write(file: string, html: string) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
  await writeFile(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(html, { level: 9 }));
}

// A first render of each page starts the app's lazily loaded parts (the notifications' host, a page's
// own lazy parts) loading; by the next they are here and render in place, as the browser's first
// render after hydration will have them (a part still loading would be written as a client-only gap).
for (const path of PRERENDERED_PAGES) await render(path, 'en');

for (const language of INTERFACE_LANGUAGES) {
  await write(join(dist, prerenderedFile(language, null)), page(language, null, null));
  for (const path of PRERENDERED_PAGES) {
    await write(join(dist, prerenderedFile(language, path)), page(language, path, await render(path, language)));
  }
}
console.log(`Prerendered ${PRERENDERED_PAGES.length} pages in ${INTERFACE_LANGUAGES.length} languages.`);
process.exit(0);
