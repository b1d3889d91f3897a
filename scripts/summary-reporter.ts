import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST = 15;

/**
 * Ends the run with the slowest test files (where the run's time goes, to keep CI short) and one
 * plain line, 'tests: N passed, N failed, N skipped', that CI can read.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (mod.state() === 'failed' && !mod.children.size) failed++;
    }
    const slowest = testModules
      .map((mod) => ({ name: `${mod.project.name}: ${mod.relativeModuleId}`, ms: mod.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST);
    const perProject = new Map<string, number>();
    for (const mod of testModules) perProject.set(mod.project.name, (perProject.get(mod.project.name) ?? 0) + mod.diagnostic().duration);
    if (perProject.size) {
      process.stdout.write(`\ntime in tests per project: ${[...perProject].map(([name, ms]) => `${name} ${(ms / 1000).toFixed(0)} s`).join(', ')}\n`);
    }
    if (slowest.length) {
      process.stdout.write(`\nslowest files:\n${slowest.map(({ name, ms }) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`).join('\n')}\n`);
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
