import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The web app's JavaScript budget, in gzipped bytes (issue 15): what the first load of `/` fetches
 * (the entry script and every modulepreload in dist/index.html), and each route's own chunk.
 * `npm test` fails when either is exceeded (scripts/bundle-size.test.ts); `npm run size` prints the table.
 */
export const BUDGET = {
  firstLoadBytes: 170 * 1024,
  routeChunkBytes: 50 * 1024,
  /** Files a route loads beyond the first load: each is a request (scripts/chunk-families.ts). */
  routeFiles: 32,
};

export const WEB_DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export interface Sized {
  name: string;
  bytes: number;
}

export interface LazyChunk extends Sized {
  file: string;
  withImportsBytes: number;
  /** The files it loads beyond the first load, itself included. */
  withImportsFiles: number;
}

/** A route file, as TanStack Router's file-based routing sees one: under src/routes, no segment starting with '-'. */
const isRouteFile = (src: string) => src.startsWith('src/routes/') && !src.split('/').some((segment) => segment.startsWith('-'));

export interface BundleReport {
  firstLoad: Sized[];
  firstLoadBytes: number;
  /** Route chunks (dynamic entries of route files), with what they import beyond the first load, for information. */
  routes: LazyChunk[];
  /** Other lazily loaded parts (a heavy editor, a tab), no budget: shown so that they stay visible. */
  lazyParts: LazyChunk[];
}

function gzipped(dist: string, file: string) {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
}

export function measureBundle(dist = WEB_DIST): BundleReport {
  const html = path.join(dist, 'index.html');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(html) || !existsSync(manifestFile)) {
    throw new Error(`${dist} has no index.html or .vite/manifest.json: build the web app first (npm run build)`);
  }
  const page = readFileSync(html, 'utf8');
  const scripts = [...page.matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g), ...page.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)];
  const firstFiles = [...new Set(scripts.map((m) => m[1]!))];
  if (!firstFiles.length) throw new Error(`${html} loads no script: the build is not what this check expects`);
  const firstLoad = firstFiles.map((file) => ({ name: file, bytes: gzipped(dist, file) }));

  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const first = new Set(firstFiles);
  const withImports = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key]!;
    if (seen.has(chunk.file) || first.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) withImports(imported, seen);
    return seen;
  };
  const lazy = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry && chunk.src?.startsWith('src/'))
    .map(([key, chunk]) => {
      const files = [...withImports(key)];
      return {
        src: chunk.src!,
        name: chunk.src!.replace(/^src\/(routes\/)?/, ''),
        file: chunk.file,
        bytes: gzipped(dist, chunk.file),
        withImportsBytes: files.reduce((sum, file) => sum + gzipped(dist, file), 0),
        withImportsFiles: files.length,
      };
    })
    .sort((a, b) => b.bytes - a.bytes);
  const routes = lazy.filter((chunk) => isRouteFile(chunk.src));
  if (!routes.length) throw new Error(`${manifestFile} lists no route chunk under src/routes: the build is not what this check expects`);
  const lazyParts = lazy.filter((chunk) => !isRouteFile(chunk.src));
  return { firstLoad, firstLoadBytes: firstLoad.reduce((sum, c) => sum + c.bytes, 0), routes, lazyParts };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatReport(report: BundleReport): string {
  const mark = (bytes: number, budget: number) => (bytes > budget ? '  OVER BUDGET' : '');
  const lines = [
    `first load of / (entry + modulepreloads): ${kb(report.firstLoadBytes)} gzipped, budget ${kb(BUDGET.firstLoadBytes)}${mark(report.firstLoadBytes, BUDGET.firstLoadBytes)}`,
    ...report.firstLoad.map((c) => `  ${kb(c.bytes).padStart(10)}  ${c.name}`),
    `route chunks (budget ${kb(BUDGET.routeChunkBytes)} each; 'with imports' adds the chunks they need beyond the first load, at most ${BUDGET.routeFiles} files):`,
    `  ${'chunk'.padStart(10)}  ${'with imports'.padStart(12)}  ${'files'.padStart(5)}  route`,
    ...report.routes.map(
      (r) =>
        `  ${kb(r.bytes).padStart(10)}  ${kb(r.withImportsBytes).padStart(12)}  ${String(r.withImportsFiles).padStart(5)}  ${r.name}${mark(r.bytes, BUDGET.routeChunkBytes)}${mark(r.withImportsFiles, BUDGET.routeFiles)}`,
    ),
    `parts loaded lazily within pages (no budget):`,
    ...report.lazyParts.map((r) => `  ${kb(r.bytes).padStart(10)}  ${kb(r.withImportsBytes).padStart(12)}  ${String(r.withImportsFiles).padStart(5)}  ${r.name}`),
  ];
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatReport(measureBundle()));
}
