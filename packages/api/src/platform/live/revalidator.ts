/**
 * The re-checks of live subscriptions, for a whole process: one timer instead of one per
 * subscription, a check shared by the subscriptions that ask the same question (a member's tabs on
 * one feed: one session, one community), and at most `concurrency` checks at a time, so a round
 * never takes every database connection from the deliveries and requests that need them.
 * With 5,000 sockets of 1,000 members on one feed this is 1,000 checks a round, not 5,000 timers.
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

export function createRevalidator(intervalMs: number, concurrency = 4): Revalidator {
  const groups = new Map<string, { check: () => Promise<boolean>; denied: Set<() => void> }>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let unkeyed = 0;

  async function round() {
    if (running) return;
    running = true;
    const queue = [...groups.values()];
    const worker = async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        const ok = await group.check().catch(() => true);
        if (!ok) for (const onDenied of [...group.denied]) onDenied();
      }
    };
    try {
      await Promise.all(Array.from({ length: concurrency }, worker));
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
