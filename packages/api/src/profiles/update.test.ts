import { notificationPreferences, profiles } from '@app/db/schema';
import { NOTIFICATION_DEFAULTS } from '@app/shared/constants';
import { PROFILE_MESSAGES, type UpdateProfileInput } from '@app/shared/profiles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestUser, storeTestUpload, testStorage, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();

async function profileOf(userId: string) {
  const [row] = await scene.database.db.select().from(profiles).where(eq(profiles.id, userId));
  return row!;
}

function formFor(row: Awaited<ReturnType<typeof profileOf>>, changes: Partial<UpdateProfileInput> = {}): UpdateProfileInput {
  return {
    username: row.username,
    contactEmail: row.contactEmail ?? '',
    bio: row.bio ?? '',
    urls: row.urls,
    category: null,
    language: null,
    avatarUrl: row.avatarUrl,
    ...changes,
  };
}

describe('profiles.update', () => {
  it('refuses a signed-out visitor', async () => {
    await expect(callerFor(scene.database, null).profiles.update(formFor(await profileOf(await createTestUser(scene.database))))).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('saves the form, storing empty fields as null', async () => {
    const userId = await createTestUser(scene.database);
    const before = await profileOf(userId);
    const saved = await callerFor(scene.database, userId).profiles.update(
      formFor(before, {
        username: 'grace_h',
        bio: '  Teaches compilers.  ',
        contactEmail: '',
        urls: ['https://example.com/grace', 'http://blog.example.org'],
        category: 'coding',
        language: 'english',
      }),
    );
    expect(saved).toMatchObject({ username: 'grace_h', bio: 'Teaches compilers.', contactEmail: null, category: 'coding', language: 'english' });
    const after = await profileOf(userId);
    expect(after.urls).toEqual(['https://example.com/grace', 'http://blog.example.org']);
    expect(after.usernameChangedAt).toBeInstanceOf(Date);
  });

  it.each([
    [{ username: 'a' }, PROFILE_MESSAGES.usernameMin],
    [{ username: 'x'.repeat(31) }, PROFILE_MESSAGES.usernameMax],
    [{ username: 'has space' }, PROFILE_MESSAGES.usernameChars],
    [{ bio: 'abc' }, PROFILE_MESSAGES.bioMin],
    [{ bio: 'y'.repeat(161) }, PROFILE_MESSAGES.bioMax],
    [{ contactEmail: 'not-an-email' }, PROFILE_MESSAGES.contactEmail],
    [{ urls: ['javascript:alert(1)'] }, PROFILE_MESSAGES.url],
    [{ urls: ['notaurl'] }, PROFILE_MESSAGES.url],
  ] as const)('refuses %o with the spec message and changes nothing', async (changes, message) => {
    const userId = await createTestUser(scene.database);
    const before = await profileOf(userId);
    const call = callerFor(scene.database, userId).profiles.update(formFor(before, changes as Partial<UpdateProfileInput>));
    await expect(call).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    expect(await profileOf(userId)).toEqual(before);
  });

  it('refuses a username taken by someone else, whatever its case', async () => {
    const first = await createTestUser(scene.database);
    await callerFor(scene.database, first).profiles.update(formFor(await profileOf(first), { username: 'Taken_Name' }));
    const second = await createTestUser(scene.database);
    const before = await profileOf(second);
    await expect(callerFor(scene.database, second).profiles.update(formFor(before, { username: 'taken_NAME' }))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: "Username 'taken_NAME' is already taken.",
    });
    expect((await profileOf(second)).username).toBe(before.username);
  });

  it('allows one username change every 30 days', async () => {
    const userId = await createTestUser(scene.database);
    const caller = callerFor(scene.database, userId);
    await caller.profiles.update(formFor(await profileOf(userId), { username: 'first_change' }));
    // Other fields can still be saved with the same username.
    await caller.profiles.update(formFor(await profileOf(userId), { bio: 'Still me.' }));
    await expect(caller.profiles.update(formFor(await profileOf(userId), { username: 'second_change' }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^You can change your username once every 30 days\. You can change it again on \w+ \d+, \d{4}\.$/),
    });
    expect((await profileOf(userId)).username).toBe('first_change');

    await scene.database.db
      .update(profiles)
      .set({ usernameChangedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(profiles.id, userId));
    const saved = await caller.profiles.update(formFor(await profileOf(userId), { username: 'second_change' }));
    expect(saved.username).toBe('second_change');
  });

  it("accepts only the user's own uploaded avatar, and removes the one it replaces", async () => {
    const userId = await createTestUser(scene.database);
    const other = await createTestUser(scene.database);
    const caller = callerFor(scene.database, userId);
    const before = await profileOf(userId);
    for (const avatarUrl of [`/uploads/avatars/${other}/abc.webp`, 'https://tracker.example/pixel.gif', `/uploads/avatars/${userId}/../x.webp`]) {
      await expect(caller.profiles.update(formFor(before, { avatarUrl }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    // Shaped like the user's own upload, but never uploaded.
    await expect(caller.profiles.update(formFor(before, { avatarUrl: `/uploads/avatars/${userId}/never.webp` }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: PROFILE_MESSAGES.avatar,
    });
    expect((await profileOf(userId)).avatarUrl).toBe(before.avatarUrl);

    const storage = testStorage();
    for (const name of ['k3y-1.webp', 'k3y-2.webp']) await storeTestUpload(scene.database, userId, 'avatars', `${userId}/${name}`, Buffer.from('img'), 'image/webp');
    const first = `/uploads/avatars/${userId}/k3y-1.webp`;
    const second = `/uploads/avatars/${userId}/k3y-2.webp`;
    expect((await caller.profiles.update(formFor(before, { avatarUrl: first }))).avatarUrl).toBe(first);
    expect((await caller.profiles.update(formFor(await profileOf(userId), { avatarUrl: second }))).avatarUrl).toBe(second);
    expect(await storage.exists('avatars', `${userId}/k3y-1.webp`)).toBe(false);
    expect((await caller.profiles.update(formFor(await profileOf(userId), { avatarUrl: null }))).avatarUrl).toBeNull();
    expect(await storage.exists('avatars', `${userId}/k3y-2.webp`)).toBe(false);
  });
});

describe('profiles.byUsername', () => {
  it('finds a profile case-insensitively, for visitors too, without the sign-in e-mail', async () => {
    const userId = await createTestUser(scene.database, { email: 'visible.person@example.com', name: 'Visible Person' });
    const { username } = await profileOf(userId);
    const found = await callerFor(scene.database, null).profiles.byUsername({ username: username.toUpperCase() });
    expect(found).toMatchObject({ id: userId, username, fullName: 'Visible Person' });
    expect(found).not.toHaveProperty('email');
  });

  it('answers NOT_FOUND with the spec text for an unknown username, BAD_REQUEST for an empty one', async () => {
    await expect(callerFor(scene.database, null).profiles.byUsername({ username: 'nobody_here' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: PROFILE_MESSAGES.userNotFound,
    });
    await expect(callerFor(scene.database, null).profiles.byUsername({ username: '  ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: PROFILE_MESSAGES.missingUsername,
    });
  });
});

describe('notification preferences', () => {
  it('starts from the spec defaults and saves changes, keeping security e-mails on', async () => {
    const userId = await createTestUser(scene.database);
    const caller = callerFor(scene.database, userId);
    expect(await caller.profiles.notifications()).toEqual(NOTIFICATION_DEFAULTS);
    const saved = await caller.profiles.updateNotifications({
      notifyMeAbout: 'mentions',
      communicationEmails: true,
      marketingEmails: false,
      socialEmails: false,
      mobileSettings: true,
    });
    expect(saved).toMatchObject({ notifyMeAbout: 'mentions', communicationEmails: true, securityEmails: true, mobileSettings: true });
    const [row] = await scene.database.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    expect(row).toMatchObject({ notifyMeAbout: 'mentions', socialEmails: false, securityEmails: true });
  });

  it('refuses a missing notification type and signed-out callers', async () => {
    const userId = await createTestUser(scene.database);
    const bad = { notifyMeAbout: undefined, communicationEmails: false, marketingEmails: false, socialEmails: false, mobileSettings: false };
    await expect(callerFor(scene.database, userId).profiles.updateNotifications(bad as never)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: PROFILE_MESSAGES.notifyRequired,
    });
    await expect(callerFor(scene.database, null).profiles.notifications()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
