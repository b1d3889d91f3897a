/**
 * React Query tells each query's observers in a task of its own (`setTimeout(cb, 0)` per query), so
 * the answers of one batched request, which arrive together, drew the page once per query: a
 * member's first screen was committed some thirty times. This scheduler runs every callback
 * scheduled before its task starts in that one task, in order, so React draws them together; one
 * scheduled while it runs waits for the next.
 */
export function oneTaskScheduler(setTimer: (run: () => void) => void = (run) => setTimeout(run, 0)) {
  let pending: Array<() => void> = [];
  return (callback: () => void) => {
    pending.push(callback);
    if (pending.length > 1) return;
    setTimer(() => {
      const run = pending;
      pending = [];
      for (const next of run) next();
    });
  };
}
