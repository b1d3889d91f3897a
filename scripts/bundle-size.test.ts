import { describe, expect, it } from 'vitest';
import { BUDGET, formatReport, measureBundle } from './bundle-size.ts';

// `npm test` builds the web app first; without a build this fails rather than skips.
describe('the web bundle stays within its JavaScript budget', () => {
  const report = measureBundle();
  console.log(formatReport(report));

  it('loads at most the budget of gzipped JavaScript on the first load of /', () => {
    expect(report.firstLoadBytes).toBeLessThanOrEqual(BUDGET.firstLoadBytes);
  });

  it('keeps every route chunk within the budget', () => {
    const over = report.routes.filter((r) => r.bytes > BUDGET.routeChunkBytes).map((r) => `${r.name} (${r.bytes} B)`);
    expect(over).toEqual([]);
  });

  it('keeps the files each route loads beyond the first load within the budget', () => {
    const over = report.routes.filter((r) => r.withImportsFiles > BUDGET.routeFiles).map((r) => `${r.name} (${r.withImportsFiles} files)`);
    expect(over).toEqual([]);
  });
});
