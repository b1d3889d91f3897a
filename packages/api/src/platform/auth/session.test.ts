import { sessions } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestUser, useTestDatabase } from '../../testing/index.ts';
import { endSession, sessionActivity } from './session.ts';

const scene = useTestDatabase();
const DAY_MS = 86_400_000;

async function sessionOf(email: string): Promise<string> {
  const userId = await createTestUser(scene.database, { email });
  const id = `session-${userId}`;
  await scene.database.db.insert(sessions).values({ id, userId, expiresAt: new Date(Date.now() + DAY_MS) });
  return id;
}

describe('sessionActivity', () => {
  it('keeps a session found active for a few seconds, then asks again and sees its end', async () => {
    let clock = 0;
    const active = sessionActivity(scene.database.db, 5_000, () => clock);
    const id = await sessionOf('kept@example.com');
    expect(await Promise.all([active(id), active(id)])).toEqual([true, true]);
    // Gone from the database without being announced (as an expiry is): the kept answer stands a while…
    await scene.database.db.delete(sessions).where(eq(sessions.id, id));
    clock += 4_000;
    expect(await active(id)).toBe(true);
    // …and no longer.
    clock += 1_000;
    expect(await active(id)).toBe(false);
    expect(await active(id)).toBe(false);
  });

  it('answers an ended or unknown session as ended, and keeps nothing for it', async () => {
    const active = sessionActivity(scene.database.db, 60_000);
    const id = await sessionOf('ended@example.com');
    await endSession(scene.database.db, id);
    expect(await active(id)).toBe(false);
    expect(await active('no-such-session')).toBe(false);
    // A session the database holds is found, whatever was asked before.
    const other = await sessionOf('other@example.com');
    expect(await active(other)).toBe(true);
  });
});
