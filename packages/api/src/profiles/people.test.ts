import { profiles } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestUser, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

const people = () => callerFor(scene.database, null).profiles;

/** A signed-up person with a set username (and other columns as given). */
async function person(username: string, name: string, changes: Partial<typeof profiles.$inferInsert> = {}) {
  const id = await createTestUser(scene.database, { email: `${username}@example.com`, name });
  await scene.database.db.update(profiles).set({ username, ...changes }).where(eq(profiles.id, id));
  return id;
}

describe('profiles.list', () => {
  it('searches username or full name as a case-insensitive substring, newest first', async () => {
    await person('ada_l', 'Ada Lovelace', { createdAt: hoursAgo(3) });
    await person('lovelace_fan', 'Charles Babbage', { createdAt: hoursAgo(2) });
    await person('grace_h', 'Grace Hopper', { createdAt: hoursAgo(1) });

    expect((await people().list({ search: 'LOVELACE' })).map((p) => p.username)).toEqual(['lovelace_fan', 'ada_l']);
    expect((await people().list({ search: 'ce hop' })).map((p) => p.username)).toEqual(['grace_h']);
    expect((await people().list({ search: 'ADA_' })).map((p) => p.username)).toEqual(['ada_l']);
  });

  it('takes LIKE wildcards in the search literally', async () => {
    await person('under_score', 'Under Score');
    await person('underxscore', 'Under X Score');
    expect((await people().list({ search: 'r_s' })).map((p) => p.username)).toEqual(['under_score']);
    expect(await people().list({ search: '%%' })).toEqual([]);
  });

  it('filters by category, case-insensitively', async () => {
    await person('cat_one', 'Category One', { category: 'Coding' });
    await person('cat_two', 'Category Two', { category: 'coding' });
    await person('cat_three', 'Category Three', { category: 'design' });
    const coders = (await people().list({ category: 'CODING' })).map((p) => p.username);
    expect(coders.sort()).toEqual(['cat_one', 'cat_two']);
    expect((await people().list({ category: 'coding', search: 'two' })).map((p) => p.username)).toEqual(['cat_two']);
  });

  it('returns the newest 50 and never an e-mail', async () => {
    for (let i = 0; i < 55; i += 1) await createTestUser(scene.database, { email: `crowd${i}@example.com`, name: `Crowd ${i}` });
    const list = await people().list();
    expect(list).toHaveLength(50);
    expect(list[0]?.fullName).toBe('Crowd 54');
    for (const entry of list) {
      expect(Object.keys(entry).sort()).toEqual(['avatarUrl', 'category', 'fullName', 'id', 'language', 'username']);
    }
    expect(JSON.stringify(list)).not.toContain('@example.com');
  });

  it('refuses a search over 100 characters', async () => {
    await expect(people().list({ search: 'x'.repeat(101) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Search text must be at most 100 characters.',
    });
  });
});

describe('profiles.count', () => {
  it('counts every profile', async () => {
    const before = await people().count();
    await createTestUser(scene.database);
    expect(await people().count()).toBe(before + 1);
  });
});
