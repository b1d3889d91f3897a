import { profiles } from '@app/db/schema';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestUser } from '../testing/index.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('profiles.me', () => {
  it('is null when signed out', async () => {
    await createTestUser(database);
    expect(await callerFor(database, null).profiles.me()).toBeNull();
  });

  it("is the signed-in person's own profile", async () => {
    const email = `maria.${Date.now()}@example.com`;
    const userId = await createTestUser(database, { email, name: 'Maria Lopez', picture: 'https://images.example/m.png' });
    const other = await createTestUser(database);
    const me = await callerFor(database, userId).profiles.me();
    expect(me).toEqual({
      id: userId,
      username: expect.stringMatching(/^maria\d+_\d{6}$/),
      email,
      fullName: 'Maria Lopez',
      avatarUrl: 'https://images.example/m.png',
      contactEmail: null,
      bio: null,
      urls: [],
      category: null,
      language: null,
      createdAt: expect.any(Date),
    });
    expect((await callerFor(database, other).profiles.me())?.id).toBe(other);
  });

  it('is null when the profile behind the session is gone', async () => {
    const userId = await createTestUser(database);
    await database.db.delete(profiles).where(eq(profiles.id, userId));
    expect(await callerFor(database, userId).profiles.me()).toBeNull();
  });
});
