import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The interface is also read right to left (Arabic), so spacing, borders, positions and alignment
 * are written in logical terms (start and end) that follow the direction: Mantine's ms/me/ps/pe and
 * ta="start", CSS margin-inline-start, inset-inline-end, text-align: start. This scan fails when a
 * physical left or right comes back.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Places where left and right are meant physically: file (from src) and what the line says, with why. */
const ALLOWED: { file: string; includes: string; why: string }[] = [];

const SCRIPT_RULES: [RegExp, string][] = [
  [/\s(ml|mr|pl|pr)=/, 'style prop: use ms / me / ps / pe'],
  [/\b(margin|padding)(Left|Right)\s*:/, 'style: use marginInlineStart / paddingInlineEnd …'],
  [/\bborder(Left|Right)\w*\s*:/, 'style: use borderInlineStart / borderInlineEnd …'],
  [/\bborder(Top|Bottom)(Left|Right)Radius\s*:/, 'style: use borderStartStartRadius …'],
  [/[{,]\s*(left|right)\s*:/, 'style: use insetInlineStart / insetInlineEnd'],
  [/\b(textAlign|float)\s*:\s*['"`](left|right)/, "style: use 'start' / 'end'"],
  [/\sta=\{?['"`](left|right)/, 'style prop: use ta="start" / ta="end"'],
  [/position=\{?['"`](top|bottom)-(left|right)/, "position: the corner depends on the direction (useDirection)"],
];

const CSS_RULES: [RegExp, string][] = [
  [/(^|[\s;{])(margin|padding)-(left|right)\s*:/, 'use margin-inline-start / padding-inline-end …'],
  [/(^|[\s;{])border-(left|right)(-\w+)?\s*:/, 'use border-inline-start / border-inline-end …'],
  [/(^|[\s;{])border-(top|bottom)-(left|right)-radius\s*:/, 'use border-start-start-radius …'],
  [/(^|[\s;{])(left|right)\s*:/, 'use inset-inline-start / inset-inline-end'],
  [/(^|[\s;{])(text-align|float|clear)\s*:\s*(left|right)\b/, 'use start / end'],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(tsx?|css)$/.test(entry.name) && !entry.name.endsWith('.test.ts') && entry.name !== 'routeTree.gen.ts' ? [full] : [];
  });
}

/** Comments explain layouts in words ('the outline on the left'); only code is checked. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/(^|[^:])\/\/.*$/gm, '$1');

function physicalDirections(file: string, text: string): string[] {
  const rules = file.endsWith('.css') ? CSS_RULES : SCRIPT_RULES;
  const relative = path.relative(SRC, file);
  return withoutComments(text)
    .split('\n')
    .flatMap((line, index) => {
      const broken = rules.find(([pattern]) => pattern.test(line));
      if (!broken) return [];
      if (ALLOWED.some((allowed) => allowed.file === relative && line.includes(allowed.includes))) return [];
      return [`${relative}:${index + 1}: ${line.trim()} (${broken[1]})`];
    });
}

describe('right-to-left layout', () => {
  it('uses logical directions (start / end), never physical left / right, in styles and style props', () => {
    const found = sources(SRC).flatMap((file) => physicalDirections(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches each physical form it is meant to', () => {
    const tsx = path.join(SRC, 'x.tsx');
    const css = path.join(SRC, 'x.module.css');
    for (const line of [
      '<Group pl="sm">',
      '<Box mr={4} />',
      "style={{ borderLeft: '1px solid' }}",
      "style={{ marginRight: 8 }}",
      'style={{ position: "absolute", left: 0 }}',
      "style={{ textAlign: 'right' }}",
      '<Text ta="left">',
      '<Notifications position="top-right" />',
    ]) {
      expect(physicalDirections(tsx, line), line).toHaveLength(1);
    }
    for (const line of ['  margin-left: 4px;', '  padding-right: 0;', '  border-left-color: red;', '  right: 0;', '  text-align: left;', '  float: right;', '  border-top-left-radius: 4px;']) {
      expect(physicalDirections(css, line), line).toHaveLength(1);
    }
    for (const line of ['<Group ps="sm" me={4} ta="end">', "style={{ borderInlineStart: '1px solid', insetInlineEnd: 0 }}", '// the outline on the left', '<Menu position="bottom-end">']) {
      expect(physicalDirections(tsx, line), line).toEqual([]);
    }
    for (const line of ['  margin-inline-start: 4px;', '  inset-inline-end: 0;', '  text-align: start;', '  border-end-start-radius: 4px;', '/* left: 0 */']) {
      expect(physicalDirections(css, line), line).toEqual([]);
    }
  });
});
