/**
 * The re-checks of live subscriptions, for a whole process: one timer instead of one per
 * subscription, and a check shared by the subscriptions that ask the same question (a member's tabs
 * on one feed: one session, one community). A round starts its checks `batch` at a time, together,
 * and waits for them before the next: the checks that read through a batching reader (the session's
 * activity, a member's standing: core/recheck.ts) are answered in one statement per kind, so a round
 * of 1,000 members is a few statements rather than 2,000, and never takes every database connection
 * from the deliveries and requests that need them.
 */
export interface Revalidator {
  /**
   * Runs `check` every round (`intervalMs`) until the returned function is called; when it answers
   * false, `onDenied` is called. Subscriptions giving the same `key` share one check (the first's);
   * a null key shares with none. A check that throws counts as passed (the database restarting).
   */
  add(key: string | null, check: () => Promise<boolean>, onDenied: () => void): () => void;
  stop(): void;
}

export function createRevalidator(intervalMs: number, batch = 500): Revalidator {
  const groups = new Map<string, { check: () => Promise<boolean>; denied: Set<() => void> }>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let unkeyed = 0;

  async function round() {
    if (running) return;
    running = true;
    const queue = [...groups.values()];
    const run = async (group: (typeof queue)[number]) => {
      const ok = await group.check().catch(() => true);
      if (!ok) for (const onDenied of [...group.denied]) onDenied();
    };
    try {
      for (let start = 0; start < queue.length; start += batch) await Promise.all(queue.slice(start, start + batch).map(run));
    } finally {
      running = false;
    }
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
  }

  return {
    add(key, check, onDenied) {
      const name = key ?? `\0${++unkeyed}`;
      let group = groups.get(name);
      if (!group) groups.set(name, (group = { check, denied: new Set() }));
      group.denied.add(onDenied);
      if (!timer) {
        timer = setInterval(() => void round(), intervalMs);
        timer.unref();
      }
      const joined = group;
      return () => {
        joined.denied.delete(onDenied);
        if (joined.denied.size === 0 && groups.get(name) === joined) groups.delete(name);
        if (groups.size === 0) stop();
      };
    },
    stop,
  };
}
