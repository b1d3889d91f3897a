import { callBudgets, liveConnections, serverProcesses } from '@app/db/schema';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@app/db';
import { createHousekeeping } from '../jobs/scheduler.ts';
import { useTestDatabase } from '../../testing/index.ts';
import { CallLimits, personSubject } from './call-limits.ts';
import { scaledCallLimits } from './limits.ts';
import { DEAD_PROCESS_SECONDS, pruneRateLimits } from './prune.ts';

const scene = useTestDatabase();
let other: Database;
const quiet = { info: () => undefined, error: () => undefined };
/** A person: a burst of 30 calls, 2 sockets. */
const config = scaledCallLimits(0.1);
let people = 0;
const someone = () => personSubject(`00000000-0000-4000-8000-${String(++people).padStart(12, '0')}`);

beforeAll(async () => {
  other = await scene.otherProcess();
});

describe('call limits of two processes', () => {
  it('share one budget once synced, and take nothing for a refused call', async () => {
    const [a, b] = [new CallLimits(scene.database.db, config), new CallLimits(other.db, config)];
    const subject = someone();
    await a.spend([subject], 25);
    await a.sync();
    await expect(b.spend([subject], 10)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfterSeconds: expect.any(Number) });
    await b.spend([subject], 5);
    await b.sync();
    await a.sync();
    await expect(a.spend([subject], 3)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const [row] = await scene.database.db.select().from(callBudgets).where(eq(callBudgets.subject, subject));
    expect(row!.level).toBeGreaterThan(28);
  });

  it('keep a budget that is whole again for a while, so the next call of that person asks the database nothing', async () => {
    let reads = 0;
    // The real database, with its reads counted.
    const counted = new Proxy(scene.database.db, { get: (target, key, receiver) => (key === 'select' && (reads += 1), Reflect.get(target, key, receiver)) });
    const limits = new CallLimits(counted, config);
    const subject = someone();
    await limits.spend([subject], 1);
    expect(reads).toBe(1);
    await limits.sync();
    // At this scale a person's budget refills one call a second: whole again, then synced.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await limits.sync();
    const before = reads;
    await limits.spend([subject], 1);
    expect(reads).toBe(before);
    // Still counted: spent again here, the next sync shares it.
    await limits.sync();
    const [row] = await scene.database.db.select().from(callBudgets).where(eq(callBudgets.subject, subject));
    expect(row!.level).toBeGreaterThan(0);
  });

  it("stop counting a dead process's sockets, and housekeeping deletes them", async () => {
    const [a, b] = [new CallLimits(scene.database.db, config), new CallLimits(other.db, config)];
    const subject = someone();
    await a.openSocket([subject]);
    await a.openSocket([subject]);
    await a.sync();
    await expect(b.openSocket([subject])).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringContaining('at most 2') });
    // Process a dies: it is no longer seen.
    const dead = (await scene.database.db.select().from(liveConnections).where(eq(liveConnections.subject, subject)))[0]!.processId;
    await scene.database.db.update(serverProcesses).set({ seenAt: sql`now() - interval '1 minute'` }).where(eq(serverProcesses.id, dead));
    await b.sync();
    expect(b.liveCount(subject, 'sockets')).toBe(0);
    await b.openSocket([subject]);
    await scene.database.db.update(serverProcesses).set({ seenAt: sql`now() - make_interval(secs => ${DEAD_PROCESS_SECONDS + 60})` }).where(eq(serverProcesses.id, dead));
    await createHousekeeping(scene.database, [pruneRateLimits], quiet).runNow('rate-limits');
    expect(await scene.database.db.select().from(liveConnections).where(eq(liveConnections.processId, dead))).toEqual([]);
    await b.stop();
    expect(await scene.database.db.select().from(liveConnections).where(eq(liveConnections.subject, subject))).toEqual([]);
  });

  it('holds one person to a few calls at once on a process, the rest waiting their turn', async () => {
    const limits = new CallLimits(scene.database.db, config);
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const call = () =>
      limits.inFlight('person:x', async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running -= 1;
      });
    const calls = Array.from({ length: 12 }, call);
    while (release.length > 0 || running > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      release.shift()?.();
    }
    await Promise.all(calls);
    expect(most).toBe(config.inFlightPerPerson);
  });
});
