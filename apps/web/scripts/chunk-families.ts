import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { PRERENDERED_PAGES } from '../../../packages/shared/src/prerendered.ts';

/**
 * Fewer, larger shared chunks: Rolldown's split, with the small pieces merged where a page saves more
 * requests than it pays in bytes.
 *
 * Left to itself, Rolldown puts the modules that the same set of lazily loaded parts (pages, and the
 * tabs and panels they load on demand) use into a chunk of their own: the community page asked for
 * 134 files beyond the first load, 108 of them under 2 KB gzipped; over HTTP/1.1 (six connections to
 * a host) its data waited behind them, and each `modulepreload` costs the main thread. Which parts
 * use a module is known only once Rolldown has followed the used names through the libraries'
 * barrel files, so the build runs twice (`npm run build`):
 *
 * 1. `vite build --mode chunk-families` splits as Rolldown does and writes no bundle: it merges the
 *    shared chunks (`mergeChunks`) and writes the groups to `.cache/chunk-families.json`.
 * 2. `vite build` makes each group a `codeSplitting` group.
 *
 * The merge weighs page views: a signed-in page loads its own part and the parts every signed-in page
 * loads (the catalogs, the top bar's menus, the notifications); a public page loads its part as it
 * hydrates, then what it loads on demand (Discover on the landing page). Two groups merge while some page that loads both saves a request,
 * weighed as `REQUEST_BYTES`, more than the pages loading only one of them pay in bytes (the member's
 * daily pages, `DAILY`, count `DAILY_WEIGHT` times); a merge that adds a byte to a public page
 * (rendered ahead of time and measured by Lighthouse at 98), or to the code a page's data requests wait
 * for (`WAITED_FOR`), is never made.
 */
export const CHUNK_FAMILIES_MODE = 'chunk-families';
const FILE = fileURLToPath(new URL('../.cache/chunk-families.json', import.meta.url));
const SRC = fileURLToPath(new URL('../src/', import.meta.url)).replaceAll('\\', '/');

/** The pages members spend their day in (the community page, its chat tab, a course). */
const DAILY = ['routes/community.$communityName.tsx', 'routes/-components/community/chat/ChatTab.tsx', 'routes/_authed/course.$courseId.tsx'];
const DAILY_WEIGHT = 4;
/** The parts every signed-in page loads. */
const EVERY_SIGNED_IN_PAGE = ['i18n/catalogs.ts', 'components/SignedInActions.tsx', 'components/NotificationsHost.tsx', 'components/SelectedCommunity.tsx'];
/**
 * The parts a page's data requests wait for (the community route's loader imports `prefetch.ts`, then
 * asks for the feed and the sidebar's lists): like the public pages, no merge may add a byte to them.
 */
const WAITED_FOR = ['routes/-components/community/prefetch.ts'];
/**
 * Code that costs far more to run than its bytes say: zod, whose schemas are built as its modules
 * are evaluated (a long task on a phone). A merge never makes a page load it that did not, whatever
 * it saves in requests: the member's pages load it only where a form is used (components/feed/feedSchemas.ts).
 */
const COSTLY_TO_RUN = /[\\/]node_modules[\\/]zod[\\/]/;
/** What one more request is worth, in gzipped bytes (about 25 ms at a phone's 1.6 Mbit/s). */
const REQUEST_BYTES = 3_000;
const PUBLIC_ROUTES = PRERENDERED_PAGES.map((page) => `routes/${page === '/' ? 'index' : page.slice(1)}.tsx`);

/** At most this many groups (a group's priority is set before the build knows how many it needs). */
const MAX_GROUPS = 400;

export interface BundledChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
  code: string;
}

interface Group {
  name: string;
  modules: string[];
}

interface View {
  name: string;
  /** A public page, or a part a data request waits for: no merge may add a byte to it. */
  neverGrows: boolean;
  weight: number;
  /** The shared chunks it loads (indices of `units`). */
  units: number[];
}

/** Each unit's group, from the groups' lists of units. */
const groupIndex = (groups: number[][]) => new Map(groups.flatMap((units, g) => units.map((unit) => [unit, g] as const)));

/** A part's source under src/, for naming and matching. */
const sourceOf = (moduleId: string | null) => (moduleId ?? '').split('?')[0]!.replaceAll('\\', '/').slice(SRC.length);

/** From Rolldown's split: the shared chunks (units) and the page views that load them. */
export function viewsOf(chunks: BundledChunk[]) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (files: string[], follow: (chunk: BundledChunk) => string[]) => {
    const seen = new Set<string>();
    const todo = [...files];
    while (todo.length > 0) {
      const file = todo.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      todo.push(...follow(byFile.get(file)!));
    }
    return seen;
  };
  const initial = closure(
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
    (chunk) => chunk.imports,
  );
  const parts = chunks.filter((chunk) => chunk.isDynamicEntry && !initial.has(chunk.fileName));
  const source = (chunk: BundledChunk) => sourceOf(chunk.facadeModuleId);
  const loads = (part: BundledChunk) => closure([part.fileName], (chunk) => chunk.imports.filter((file) => !initial.has(file)));

  const units = chunks.filter((chunk) => !chunk.isEntry && !chunk.isDynamicEntry && !initial.has(chunk.fileName));
  const unitIndex = new Map(units.map((chunk, i) => [chunk.fileName, i]));
  const unitsOf = (files: Set<string>) => [...files].flatMap((file) => (unitIndex.has(file) ? [unitIndex.get(file)!] : []));

  const everySignedIn = parts.filter((part) => EVERY_SIGNED_IN_PAGE.includes(source(part)));
  const alwaysLoaded = new Set(everySignedIn.flatMap((part) => [...loads(part)]));
  const publicPages = parts.filter((part) => PUBLIC_ROUTES.includes(source(part)));
  const publicParts = new Set(publicPages.flatMap((page) => [...closure([page.fileName], (chunk) => [...chunk.imports, ...chunk.dynamicImports].filter((file) => !initial.has(file)))]));

  const views: View[] = [];
  for (const page of publicPages) {
    // The page as it hydrates, and with the parts it loads on demand (Discover on the landing page).
    views.push({ name: source(page), neverGrows: true, weight: 1, units: unitsOf(loads(page)) });
    const onDemand = [...closure([page.fileName], (chunk) => chunk.dynamicImports.filter((file) => !initial.has(file)))];
    if (onDemand.length > 1) {
      views.push({ name: `${source(page)} and its parts`, neverGrows: true, weight: 1, units: unitsOf(new Set(onDemand.flatMap((file) => [...loads(byFile.get(file)!)]))) });
    }
  }
  for (const part of parts) {
    if (publicParts.has(part.fileName)) continue;
    if (WAITED_FOR.includes(source(part))) views.push({ name: `${source(part)} alone`, neverGrows: true, weight: 1, units: unitsOf(loads(part)) });
    views.push({ name: source(part), neverGrows: false, weight: DAILY.includes(source(part)) ? DAILY_WEIGHT : 1, units: unitsOf(new Set([...loads(part), ...alwaysLoaded])) });
  }
  const sizes = units.map((chunk) => gzipSync(chunk.code).length);
  const imports = units.map((chunk) => unitsOf(new Set(chunk.imports)));
  const costly = units.map((chunk) => chunk.moduleIds.some((id) => COSTLY_TO_RUN.test(id)));
  return { units, sizes, imports, views, costly };
}

/**
 * Merges the units into groups, greedily, the best merge first, while one saves anything (see the
 * top of this file), and returns each group's units, each group after the groups it imports from.
 *
 * A group takes its modules' imports with it: were a group to import from a group that comes after
 * it, it would take that group's modules, and the pages loading only those would load it all. So no
 * merge makes two groups import from each other, through others or not, and the groups come in an
 * order where every group's imports come first.
 */
export function mergeChunks(sizes: number[], imports: number[][], views: View[], costly: boolean[] = []): number[][] {
  let groups = sizes.map((size, i) => ({ units: [i], size, costly: costly[i] ?? false }));
  // Which views load each group.
  let loadedBy = groups.map((group) => new Set(views.flatMap((view, v) => (view.units.includes(group.units[0]!) ? [v] : []))));
  const edges = (list: typeof groups) => {
    const of = groupIndex(list.map((group) => group.units));
    return list.map((group, g) => new Set(group.units.flatMap((unit) => imports[unit]!.map((to) => of.get(to)!)).filter((to) => to !== g)));
  };
  let importsOf = edges(groups);
  /** Whether `to` can be reached from `from` through another group. */
  const reachesThroughOthers = (from: number, to: number) => {
    const seen = new Set<number>([from]);
    const todo = [...importsOf[from]!].filter((g) => g !== to);
    while (todo.length > 0) {
      const g = todo.pop()!;
      if (g === to) return true;
      if (seen.has(g)) continue;
      seen.add(g);
      todo.push(...importsOf[g]!);
    }
    return false;
  };
  const gain = (a: number, b: number) => {
    let saved = 0;
    for (const v of loadedBy[a]!) {
      const view = views[v]!;
      if (loadedBy[b]!.has(v)) saved += view.weight * REQUEST_BYTES;
      else if (view.neverGrows || groups[b]!.costly) return -Infinity;
      else saved -= view.weight * groups[b]!.size;
    }
    for (const v of loadedBy[b]!) {
      if (loadedBy[a]!.has(v)) continue;
      const view = views[v]!;
      if (view.neverGrows || groups[a]!.costly) return -Infinity;
      saved -= view.weight * groups[a]!.size;
    }
    return saved;
  };
  for (;;) {
    const candidates: [number, number, number][] = [];
    for (let a = 0; a < groups.length; a++) {
      for (let b = a + 1; b < groups.length; b++) {
        const saved = gain(a, b);
        if (saved > 0) candidates.push([a, b, saved]);
      }
    }
    candidates.sort((x, y) => y[2] - x[2] || x[0] - y[0] || x[1] - y[1]);
    const best = candidates.find(([a, b]) => !reachesThroughOthers(a, b) && !reachesThroughOthers(b, a));
    if (!best) break;
    const [a, b] = best;
    const merged = { units: [...groups[a]!.units, ...groups[b]!.units], size: groups[a]!.size + groups[b]!.size, costly: groups[a]!.costly || groups[b]!.costly };
    const by = new Set([...loadedBy[a]!, ...loadedBy[b]!]);
    groups = [...groups.filter((_, i) => i !== a && i !== b), merged];
    loadedBy = [...loadedBy.filter((_, i) => i !== a && i !== b), by];
    importsOf = edges(groups);
  }
  // Imports first (the group graph has no cycle: Rolldown's chunks have none, and no merge made one).
  const ordered: number[] = [];
  const state = new Map<number, 'visiting' | 'done'>();
  const visit = (g: number) => {
    if (state.get(g) === 'done') return;
    if (state.get(g) === 'visiting') throw new Error('chunk-families: the shared chunks import each other in a cycle');
    state.set(g, 'visiting');
    for (const to of [...importsOf[g]!].sort((x, y) => x - y)) visit(to);
    state.set(g, 'done');
    ordered.push(g);
  };
  groups.forEach((_, g) => visit(g));
  return ordered.map((g) => groups[g]!.units);
}

/** What a set of groups costs each view: files and gzipped bytes, for the build's report. */
export function costs(sizes: number[], views: View[], groups: number[][]) {
  const groupOf = groupIndex(groups);
  return views.map((view) => {
    const touched = new Set(view.units.map((unit) => groupOf.get(unit)!));
    return { name: view.name, files: touched.size, bytes: [...touched].reduce((sum, g) => sum + groups[g]!.reduce((s, unit) => s + sizes[unit]!, 0), 0) };
  });
}

/** Pass 1: the groups, in the order their `codeSplitting` groups are tried, and a report. */
export function familiesOf(chunks: BundledChunk[]): { groups: Group[]; report: string } {
  const { units, sizes, imports, views, costly } = viewsOf(chunks);
  const ordered = mergeChunks(sizes, imports, views, costly);
  if (ordered.length > MAX_GROUPS) throw new Error(`${ordered.length} chunk groups, more than MAX_GROUPS (${MAX_GROUPS}) in scripts/chunk-families.ts`);
  const before = costs(sizes, views, sizes.map((_, i) => [i]));
  const after = costs(sizes, views, ordered);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const report = before
    .map((view, i) => `  ${view.name.padEnd(58)} ${String(view.files).padStart(4)} files ${kb(view.bytes).padStart(9)} -> ${String(after[i]!.files).padStart(3)} files ${kb(after[i]!.bytes).padStart(9)}`)
    .join('\n');
  const groups = ordered.map((group) => ({
    name: units[group.toSorted((a, b) => sizes[b]! - sizes[a]!)[0]!]!.name,
    modules: group.flatMap((unit) => units[unit]!.moduleIds),
  }));
  return { groups, report: `shared chunks: ${units.length} -> ${groups.length}; per page view, beyond the first load:\n${report}` };
}

/** Pass 1's plugin: records the groups and writes no bundle. */
export function recordChunkFamilies(): Plugin {
  return {
    name: 'record-chunk-families',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output as unknown as BundledChunk] : []));
      const { groups, report } = familiesOf(chunks);
      mkdirSync(dirname(FILE), { recursive: true });
      writeFileSync(FILE, JSON.stringify({ groups }));
      this.info(report);
      for (const file of Object.keys(bundle)) delete bundle[file];
    },
  };
}

/**
 * Pass 2's groups, priorities below `above`: the first load's group comes before them. Without pass
 * 1's file (a `vite build` run alone) there are none, and Rolldown splits as it would.
 */
export function chunkFamilyGroups(above: number) {
  let groupOf: Map<string, number> | undefined;
  let names: string[] = [];
  const load = () => {
    if (groupOf) return groupOf;
    groupOf = new Map();
    try {
      const { groups } = JSON.parse(readFileSync(FILE, 'utf8')) as { groups: Group[] };
      names = groups.map((group) => group.name);
      groups.forEach((group, i) => {
        for (const id of group.modules) groupOf!.set(id, i);
      });
    } catch {
      console.warn(`chunk-families: no ${FILE} (\`npm run build\` makes it first); chunks split as Rolldown does`);
    }
    return groupOf;
  };
  return Array.from({ length: MAX_GROUPS }, (_, i) => ({
    priority: above - 1 - i,
    name: (id: string) => (load().get(id) === i ? names[i]! : null),
  }));
}
