import type { Database } from '@app/db';
import { liveEvents } from '@app/db/schema';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pruneLiveEvents } from '../live/prune.ts';
import { createHousekeeping, type HousekeepingTask } from './scheduler.ts';
import { useTestDatabase } from '../../testing/index.ts';

const scene = useTestDatabase();
/** A second pool on the same database: another server process. */
let other: Database;
const quiet = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  other = await scene.otherProcess();
});

describe('housekeeping', () => {
  it('deletes live events older than the retention and keeps recent ones', async () => {
    await scene.database.db.insert(liveEvents).values([
      { topic: 't', type: 'old', payload: {}, createdAt: sql`now() - interval '2 hours'` },
      { topic: 't', type: 'new', payload: {} },
    ]);
    const housekeeping = createHousekeeping(scene.database, [pruneLiveEvents], quiet);
    expect(await housekeeping.runNow('live-events')).toBe(1);
    const left = await scene.database.db.select({ type: liveEvents.type }).from(liveEvents);
    expect(left).toEqual([{ type: 'new' }]);
  });

  it('lets one process do each round however many share the database', async () => {
    let rounds = 0;
    const task: HousekeepingTask = { name: 'count', everyMs: 60_000, run: async () => ++rounds };
    const a = createHousekeeping(scene.database, [task], quiet);
    const b = createHousekeeping(other, [task], quiet);
    const results = await Promise.all([a.runNow('count', { force: false }), b.runNow('count', { force: false })]);
    expect(results.filter((r) => r === false)).toHaveLength(1);
    expect(rounds).toBe(1);
    // Within the interval nobody takes the round again.
    expect(await b.runNow('count', { force: false })).toBe(false);
    expect(rounds).toBe(1);
  });
});
