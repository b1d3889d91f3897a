import { readFileSync } from 'node:fs';

const SCHEDSTAT = '/proc/thread-self/schedstat';
const hasSchedstat = (() => {
  try {
    readFileSync(SCHEDSTAT, 'utf8');
    return true;
  } catch {
    return false;
  }
})();

/**
 * The CPU time this thread (the event loop's) has run, in milliseconds. A limit a test checks (a
 * slow parse, a stalled event loop) is measured in it, never in wall-clock time: a busy machine
 * delays a test, but does not make its own work cost more CPU. Linux tells a thread's own time
 * (schedstat, in nanoseconds); elsewhere the whole process's is the nearest measure.
 */
export function cpuMs(): number {
  if (hasSchedstat) return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Runs `work` and tells the CPU time it took. */
export function cpuTimed<T>(work: () => T): { result: T; ms: number } {
  const start = cpuMs();
  const result = work();
  return { result, ms: cpuMs() - start };
}
