import { uploads } from '@app/db/schema';
import { DELETION_MESSAGES } from '@app/shared/deletion';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ownerOfCommunity, setAccountClosed, testPng, upload, uploadForm, useServer } from '../testing/index.ts';

/**
 * A closed account ('Delete my account') that signs in again may only see and restore it: the HTTP
 * routes hold it to that as the procedures do (protectedProcedure), not only to being signed in.
 */
describe('HTTP routes and a closed account', () => {
  const server = useServer();

  it('refuses uploads, downloads and files to a closed account signed in again, with the words to restore it, and stores nothing', async () => {
    const { cookie, userId, communityId } = await ownerOfCommunity(server);
    // Before: the same person uploads.
    const before = await upload(server.app, 'avatar', uploadForm(await testPng(10, 10), 'a.png', 'image/png'), cookie);
    expect(before.statusCode, before.body).toBe(201);

    await setAccountClosed(server.database, userId, true);
    const stored = await server.database.db.select().from(uploads).where(eq(uploads.userId, userId));

    const refused = { message: DELETION_MESSAGES.closed };
    const again = await upload(server.app, 'avatar', uploadForm(await testPng(10, 10), 'b.png', 'image/png'), cookie);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual(refused);
    expect(await server.database.db.select().from(uploads).where(eq(uploads.userId, userId))).toEqual(stored);

    const someId = crypto.randomUUID();
    for (const url of [
      `/api/communities/${communityId}/members.csv`,
      `/api/events/${someId}/calendar.ics`,
      `/api/events/${someId}/cover`,
      `/api/exports/${someId}/download`,
      '/api/partners/earnings.csv',
      '/api/partners/payouts.csv',
    ]) {
      const res = await server.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual(refused);
    }

    // Restored, the same session may again.
    await setAccountClosed(server.database, userId, false);
    const csv = await server.app.inject({ method: 'GET', url: `/api/communities/${communityId}/members.csv`, headers: { cookie } });
    expect(csv.statusCode, csv.body).toBe(200);
  });

  it('still tells a signed-out visitor to sign in', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/partners/earnings.csv' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You must be signed in.' });
  });
});
