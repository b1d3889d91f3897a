import { profiles } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestUser, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();

describe('profiles.me', () => {
  it('is null when signed out', async () => {
    await createTestUser(scene.database);
    expect(await callerFor(scene.database, null).profiles.me()).toBeNull();
  });

  it("is the signed-in person's own profile", async () => {
    const email = `maria.${Date.now()}@example.com`;
    const userId = await createTestUser(scene.database, { email, name: 'Maria Lopez', picture: 'https://images.example/m.png' });
    const other = await createTestUser(scene.database);
    const me = await callerFor(scene.database, userId).profiles.me();
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
      hidePresence: false,
      closedAt: null,
      createdAt: expect.any(Date),
    });
    expect((await callerFor(scene.database, other).profiles.me())?.id).toBe(other);
  });

  it('is null when the profile behind the session is gone', async () => {
    const userId = await createTestUser(scene.database);
    await scene.database.db.delete(profiles).where(eq(profiles.id, userId));
    expect(await callerFor(scene.database, userId).profiles.me()).toBeNull();
  });
});
