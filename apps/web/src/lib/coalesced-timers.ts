import type { TimeoutProvider } from '@tanstack/react-query';

/** What the timers run on: the browser's clock and one real timer at a time. */
export interface TimerHost {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

const browserHost: TimerHost = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** How late a timer may run, as a share of its delay and at most: a query stale after 5 minutes may turn so a second late. */
const LATE_SHARE = 1 / 8;
const MAX_LATE_MS = 1_000;
/** Timers allowed to run late are armed on this grid, so that those due about together share one real timer. */
const GRID_MS = 100;

interface Timer {
  due: number;
  /** When it must have run by: the real timer is armed for the earliest. */
  deadline: number;
  run: () => void;
  /** An interval's period; undefined for a timeout. */
  every?: number;
}

/** A callback that throws is reported as a timer's would be, without keeping the others of its task from running. */
function runAlone(run: () => void) {
  try {
    run();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

function deadlineOf(due: number, delay: number): number {
  const late = Math.min(MAX_LATE_MS, delay * LATE_SHARE);
  return late >= GRID_MS ? Math.floor((due + late) / GRID_MS) * GRID_MS : due;
}

/**
 * TanStack Query's timers (each query observer's stale time and refetch interval, each query's
 * garbage collection, retries' waits) on one real timer instead of one each. Hydrating a member's page
 * subscribes a few hundred observers in one task, each clearing and setting a browser timer, and every
 * one of those is costly where the page is traced (Lighthouse records each timer with its stack): a
 * timer here is an entry in a map, and only the earliest deadline holds a browser timer. A timer runs
 * at or after its delay, and at most an eighth of it (and a second) later, so that those due about
 * together run in one task. TanStack's TimeoutManager documentation suggests such a provider for pages
 * with many queries.
 */
export function coalescedTimers(host: TimerHost = browserHost): TimeoutProvider<number> {
  const timers = new Map<number, Timer>();
  /** The timeouts of the task running now that have yet to run (one before them may clear them). */
  const firing = new Map<number, Timer>();
  let lastId = 0;
  let armedAt = Infinity;
  let armed: unknown;

  function arm(at: number) {
    if (armed !== undefined) host.clearTimeout(armed);
    armedAt = at;
    armed = host.setTimeout(fire, Math.max(0, at - host.now()));
  }

  function armEarliest() {
    let earliest = Infinity;
    for (const timer of timers.values()) if (timer.deadline < earliest) earliest = timer.deadline;
    if (earliest < Infinity) arm(earliest);
    else {
      if (armed !== undefined) host.clearTimeout(armed);
      armed = undefined;
      armedAt = Infinity;
    }
  }

  function fire() {
    armed = undefined;
    armedAt = Infinity;
    const now = host.now();
    // Everything due by now runs in this task, in the order it was set, unless cleared by one before it;
    // what the callbacks set waits for the next.
    const due: Array<[number, Timer]> = [];
    for (const [id, timer] of timers) {
      if (timer.due > now) continue;
      due.push([id, timer]);
      if (timer.every === undefined) {
        timers.delete(id);
        firing.set(id, timer);
      } else {
        // Its next time from the last one's, not from how late this ran; not catching up on what was missed.
        timer.due += timer.every;
        if (timer.due <= now) timer.due = now + timer.every;
        timer.deadline = deadlineOf(timer.due, timer.every);
      }
    }
    // Armed for what is left before the callbacks run, so that what they set is armed against it.
    armEarliest();
    for (const [id, timer] of due) if (timer.every === undefined ? firing.delete(id) : timers.get(id) === timer) runAlone(timer.run);
  }

  function add(run: () => void, delay: number, every?: number): number {
    const wait = Number.isFinite(delay) && delay > 0 ? delay : 0;
    const due = host.now() + wait;
    const timer: Timer = { due, deadline: deadlineOf(due, wait), run, every };
    timers.set(++lastId, timer);
    if (timer.deadline < armedAt) arm(timer.deadline);
    return lastId;
  }

  function remove(id: number | undefined) {
    if (id === undefined) return;
    timers.delete(id);
    firing.delete(id);
  }

  return {
    setTimeout: (run, delay) => add(run, delay),
    clearTimeout: remove,
    setInterval: (run, delay) => add(run, delay, Math.max(1, Number.isFinite(delay) ? delay : 1)),
    clearInterval: remove,
  };
}
