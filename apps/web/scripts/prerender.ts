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
import { INTERFACE_LANGUAGES } from '@app/shared/language';
import { PRERENDERED_PAGES, prerenderedFile } from '@app/shared/prerendered';
import type { Build } from '../src/page-html.ts';
import type * as Renderer from '../src/prerender.tsx';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
// The renderer and the page's writer (src/page-html.ts), which the server uses for the member's pages too.
const { render, pageHtml, stylesheetFirst } = (await import(pathToFileURL(join(web, 'dist-ssr', 'prerender.js')).href)) as typeof Renderer;

const build = {
  template: stylesheetFirst(await readFile(join(dist, 'index.html'), 'utf8')),
  manifest: JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8')) as Build['manifest'],
};

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
  await write(join(dist, prerenderedFile(language, null)), pageHtml(build, language, null));
  for (const path of PRERENDERED_PAGES) {
    await write(join(dist, prerenderedFile(language, path)), pageHtml(build, language, await render(path, language)));
  }
}
console.log(`Prerendered ${PRERENDERED_PAGES.length} pages in ${INTERFACE_LANGUAGES.length} languages.`);
process.exit(0);
