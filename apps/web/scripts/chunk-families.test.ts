import { describe, expect, it } from 'vitest';
import { costs, mergeChunks } from './chunk-families.ts';

const view = (name: string, units: number[], options: { neverGrows?: boolean; weight?: number } = {}) => ({
  name,
  units,
  neverGrows: options.neverGrows ?? false,
  weight: options.weight ?? 1,
});
const noImports = (count: number) => Array.from({ length: count }, () => [] as number[]);
const sorted = (groups: number[][]) => groups.map((group) => group.toSorted((a, b) => a - b)).toSorted((a, b) => a[0]! - b[0]!);

describe('merging the shared chunks by page view', () => {
  it('merges small chunks that the same pages load into one', () => {
    const sizes = [500, 700, 400];
    const views = [view('community', [0, 1, 2]), view('settings', [0, 1, 2])];
    const groups = mergeChunks(sizes, noImports(3), views);
    expect(sorted(groups)).toEqual([[0, 1, 2]]);
    expect(costs(sizes, views, groups).map((cost) => cost.files)).toEqual([1, 1]);
  });

  it('keeps a large chunk apart when pages that do not need it would pay more than the saved request', () => {
    // Unit 1 is 40 KB that only the community page needs; settings needs unit 0 only.
    const sizes = [500, 40_000];
    const groups = mergeChunks(sizes, noImports(2), [view('community', [0, 1]), view('settings', [0])]);
    expect(sorted(groups)).toEqual([[0], [1]]);
  });

  it('weighs the daily pages more', () => {
    const sizes = [500, 4_000];
    const views = (weight: number) => [view('community', [0, 1], { weight }), view('settings', [0])];
    expect(sorted(mergeChunks(sizes, noImports(2), views(1)))).toEqual([[0], [1]]);
    expect(sorted(mergeChunks(sizes, noImports(2), views(4)))).toEqual([[0, 1]]);
  });

  it('never adds a byte to a public page, however much a signed-in page saves', () => {
    const sizes = [100, 100, 100];
    const views = [view('landing', [0], { neverGrows: true }), view('community', [0, 1, 2], { weight: 100 })];
    const groups = mergeChunks(sizes, noImports(3), views);
    expect(sorted(groups)).toEqual([[0], [1, 2]]);
    const [landing] = costs(sizes, views, groups);
    expect(landing).toEqual({ name: 'landing', files: 1, bytes: 100 });
  });

  it('merges chunks only public pages load together when every public page loading one loads both', () => {
    const sizes = [300, 300, 300];
    const views = [view('login', [0, 1], { neverGrows: true }), view('pricing', [0, 1, 2], { neverGrows: true })];
    expect(sorted(mergeChunks(sizes, noImports(3), views))).toEqual([[0, 1], [2]]);
  });

  it('never makes a page load code that is costly to run (zod) that it did not load, whatever it saves', () => {
    // Unit 1 holds zod: 100 bytes, but a long task to evaluate. The community page loads units 0
    // and 2, settings (weighed ten times as much) all three.
    const sizes = [100, 100, 100];
    const views = [view('community', [0, 2]), view('settings', [0, 1, 2], { weight: 10 })];
    const groups = mergeChunks(sizes, noImports(3), views, [false, true, false]);
    expect(sorted(groups)).toEqual([[0, 2], [1]]);
    // Without the mark, the same bytes merge into one.
    expect(sorted(mergeChunks(sizes, noImports(3), views))).toEqual([[0, 1, 2]]);
  });

  it('makes no two groups import from each other, and puts every group after the groups it imports from', () => {
    // 0 imports 1, 1 imports 2. Merging 0 and 2 would save the community page and settings a request
    // each, but the group would import 1, which imports it back.
    const sizes = [100, 50_000, 100];
    const imports = [[1], [2], []];
    const views = [view('community', [0, 1, 2]), view('course', [1, 2]), view('settings', [0, 2])];
    expect(mergeChunks(sizes, imports, views)).toEqual([[2], [1], [0]]);
  });
});
