import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The stylesheet of the Mantine components the app can draw, instead of every component's.
 *
 * `@mantine/core/styles.css` holds the styles of all of Mantine's 100-odd components (290 KB before
 * compression); the app draws about 60 of them. Every page's first style and layout pass read all
 * of it. Mantine also ships each component's styles as a file of its own (`@mantine/core/styles/*.css`,
 * documented as a replacement for the whole sheet), but a component needs the styles of the
 * components it is built from (a `Select` draws a `Combobox`, an `Input`, a `Popover`...), which
 * its documentation leaves to the reader.
 *
 * So the list is not kept by hand: `mantineStylesheet()` follows the imports of Mantine's ES modules
 * from each name the app imports from `@mantine/*` (its own files under `src/`), through the
 * components they are built from, and collects the class-name module (`Button.module.mjs`) of every
 * component reached: those are the files whose styles can be drawn. The sheet imports them in the
 * order `styles.css` has them, after the global styles. `src/mantine.css` is its output, committed;
 * `mantine-styles.test.ts` fails when it no longer matches the app's imports, and
 * `npm run mantine-styles -w apps/web` writes it again.
 */
const SRC = fileURLToPath(new URL('../src/', import.meta.url));
export const STYLESHEET = join(SRC, 'mantine.css');
const require = createRequire(import.meta.url);
/** A package's folder (their `exports` do not list `package.json`). */
function packageDir(pkg: string): string {
  const found = (require.resolve.paths(pkg) ?? []).map((dir) => join(dir, pkg)).find((dir) => existsSync(join(dir, 'package.json')));
  if (!found) throw new Error(`${pkg} is not installed`);
  return found;
}
const CORE = packageDir('@mantine/core');
/** The global styles, first, in the order Mantine's documentation gives. */
const GLOBAL = ['baseline', 'default-css-variables', 'global'];

const IMPORT = /(?:import|export)\s*(?:type\s+)?(?:\{([^}]*)\}|[\w$]+)\s*from\s*["']([^"']+)["']/g;

/** The import (and re-export) statements of a module's text: the names in braces, if any, and where from. */
function importsOf(text: string): Array<{ names: string | null; from: string }> {
  return [...text.matchAll(IMPORT)].map((match) => ({ names: match[1] ?? null, from: match[2] ?? '' }));
}

/** The names a brace list imports or exports (`A, type B, C as D`): each as imported, and as named here. */
function namesOf(list: string): Array<{ name: string; as: string }> {
  return list.split(',').flatMap((part) => {
    const [name = '', alias] = part.replace(/^\s*type\s+/, '').split(/\s+as\s+/).map((word) => word.trim());
    return name ? [{ name, as: alias ?? name }] : [];
  });
}

/** The named imports of each `@mantine/*` package in a source text. */
function mantineImports(text: string, into: Map<string, Set<string>>) {
  for (const { names, from } of importsOf(text)) {
    if (!names || !from.startsWith('@mantine/')) continue;
    const set = into.get(from) ?? new Set<string>();
    for (const { name } of namesOf(names)) set.add(name);
    into.set(from, set);
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

/** Where each name a package's ES entry exports comes from. */
function exportsOf(pkg: string): Map<string, string> {
  const entry = join(packageDir(pkg), 'esm/index.mjs');
  const found = new Map<string, string>();
  for (const { names, from } of importsOf(readFileSync(entry, 'utf8'))) {
    if (!names || !from.startsWith('.')) continue;
    for (const { as } of namesOf(names)) found.set(as, resolve(dirname(entry), from));
  }
  return found;
}

/** The names of the class-name modules reached from the app's imports of Mantine. */
export function reachedModules(): Map<string, string> {
  const wanted = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) mantineImports(readFileSync(file, 'utf8'), wanted);
  const packages = new Map<string, Map<string, string>>();
  const files: string[] = [];
  const want = (pkg: string, names: Iterable<string>) => {
    if (pkg === '@mantine/hooks' || pkg === '@mantine/form') return; // no components
    if (!packages.has(pkg)) packages.set(pkg, exportsOf(pkg));
    for (const name of names) {
      const file = packages.get(pkg)!.get(name);
      if (file) files.push(file); // a type has no file
    }
  };
  for (const [pkg, names] of wanted) want(pkg, names);
  const seen = new Set<string>();
  const modules = new Map<string, string>();
  while (files.length) {
    const file = files.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const { names, from } of importsOf(text)) {
      if (from.startsWith('.')) files.push(resolve(dirname(file), from));
      else if (from.startsWith('@mantine/') && names) want(from, namesOf(names).map(({ name }) => name));
    }
    const module = /([\w-]+)\.module\.mjs$/.exec(file);
    if (module?.[1] && file.startsWith(CORE)) modules.set(module[1], file);
  }
  return modules;
}

/** The first class of a class-name module, to place its styles where `styles.css` has them. */
function firstClass(path: string): string {
  const match = /"(m_[0-9a-f]+)"/.exec(readFileSync(path, 'utf8'));
  if (!match?.[1]) throw new Error(`no class in ${path}`);
  return match[1];
}

/** The stylesheet's text: the global styles, then the reached components' in `styles.css`'s order. */
export function mantineStylesheet(): string {
  const all = readFileSync(join(CORE, 'styles.css'), 'utf8');
  const components = [...reachedModules()]
    .map(([name, path]) => ({ name, at: all.indexOf(`.${firstClass(path)}`) }))
    .sort((a, b) => a.at - b.at || a.name.localeCompare(b.name));
  const lines = [...GLOBAL, ...components.map((c) => c.name)].map((name) => `@import '@mantine/core/styles/${name}.css';`);
  return [
    '/* Written by apps/web/scripts/mantine-styles.ts (npm run mantine-styles -w apps/web): the styles of the',
    '   Mantine components the app can draw, in the order @mantine/core/styles.css has them. Do not edit. */',
    ...lines,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(STYLESHEET, mantineStylesheet());
  console.log(`wrote ${STYLESHEET}`);
}
