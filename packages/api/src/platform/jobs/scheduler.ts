import type { Database } from '@app/db';
import { rateLimits } from '@app/db/schema';
import { sql } from 'drizzle-orm';

/** A periodic clean-up: deleting old live events, expired rate-limit windows, unreferenced uploads. */
export interface HousekeepingTask {
  /** Unique; also names the lease that lets one server process run each round. */
  name: string;
  everyMs: number;
  /** Does one round; resolves with how many things it removed (logged when non-zero). */
  run(database: Database): Promise<number>;
}

export interface HousekeepingLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface Housekeeping {
  start(): void;
  stop(): Promise<void>;
  /** Runs one task now (tests call it); with `force: false`, false when another process ran it within the interval. */
  runNow(name: string, options?: { force?: boolean }): Promise<number | false>;
}

/**
 * Runs each task on its own interval. A round first takes the task's lease, a row in `rate_limits`
 * stamped with the time it was taken, which only a process finding it older than most of an
 * interval can take again: however many server processes share the database, one does each round.
 */
export function createHousekeeping(database: Database, tasks: HousekeepingTask[], log: HousekeepingLog): Housekeeping {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  async function runNow(name: string, { force = true } = {}): Promise<number | false> {
    const task = tasks.find((t) => t.name === name);
    if (!task) throw new Error(`No housekeeping task named ${name}`);
    if (!(await takeLease(database, task.name, force ? 0 : task.everyMs * 0.9))) return false;
    return task.run(database);
  }

  function round(task: HousekeepingTask) {
    const done = runNow(task.name, { force: false }).then(
      (removed) => {
        if (removed) log.info({ task: task.name, removed }, 'housekeeping removed old rows');
      },
      (err: unknown) => log.error({ err, task: task.name }, 'housekeeping failed'),
    );
    running.add(done);
    void done.finally(() => running.delete(done));
  }

  return {
    start() {
      for (const task of tasks) {
        const timer = setInterval(() => round(task), task.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all(running);
    },
    runNow,
  };
}

/** The leases' keys in `rate_limits` start with this (the rate limits' pruning leaves them alone). */
export const LEASE_PREFIX = 'housekeeping:';

/** Takes the task's lease when nobody took it within `holdMs`; false when another process did. */
async function takeLease(database: Database, name: string, holdMs: number): Promise<boolean> {
  const key = `${LEASE_PREFIX}${name}`;
  const [lease] = await database.db
    .insert(rateLimits)
    .values({ key, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { windowStart: sql`now()`, hits: sql`${rateLimits.hits} + 1` },
      setWhere: sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${holdMs / 1000})`,
    })
    .returning({ key: rateLimits.key });
  return !!lease;
}
