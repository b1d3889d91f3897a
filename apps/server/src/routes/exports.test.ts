import { storeUpload } from '@app/api/server';
import { addTestStaff, createTestWorld, unzip } from '@app/api/testing';
import { dataExports } from '@app/db/schema';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAs, signedInPerson, trpcAnswer, trpcMutation, useServer, type SignedInPerson } from '../testing/index.ts';

const server = useServer();
const get = (url: string, cookie: string | null) => getAs(server.app, url, cookie);

describe('the data export download and the members CSV', () => {
  const people = {} as Record<'owner' | 'member' | 'other' | 'applicant' | 'removed' | 'stranger' | 'moderator' | 'admin', SignedInPerson>;
  let communityId: string;

  beforeAll(async () => {
    for (const role of ['owner', 'member', 'other', 'applicant', 'removed', 'stranger', 'moderator', 'admin'] as const) people[role] = await signedInPerson(server);
    const ids = Object.fromEntries(Object.entries(people).map(([role, person]) => [role, person.id])) as Record<keyof typeof people, string>;
    const world = await addTestStaff(server.database, await createTestWorld(server.database, ids), ids);
    communityId = world.community.id;
  });

  it('builds the ZIP in the job and serves it to its person alone, until it expires', async () => {
    const { member, other } = people;
    const body = Buffer.from('RIFF-avatar');
    await storeUpload(server.database.db, server.app.storage, { bucket: 'avatars', key: `${member.id}/me.webp`, userId: member.id, contentType: 'image/webp', body }, Number.MAX_SAFE_INTEGER);
    const answer = trpcAnswer<{ id: string; status: string }>(await trpcMutation(server.app, 'exports.request', {}, member.cookie));
    expect(answer.status).toBe(200);
    const asked = answer.data!;
    expect(asked.status).toBe('preparing');
    // The running builder is woken by the queue's NOTIFY and may take the export before this pass does.
    await server.app.exportJobs.builder.runDue();
    await expect.poll(async () => (await get(`/api/exports/${asked.id}/download`, member.cookie)).statusCode, { timeout: 10_000 }).toBe(200);
    const res = await get(`/api/exports/${asked.id}/download`, member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="commonroom-export-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(res.headers['cache-control']).toMatch(/^private/);
    const files = await unzip(res.rawPayload);
    expect(files.get('files/avatars/me.webp')?.toString()).toBe('RIFF-avatar');
    expect(files.has('messages.json')).toBe(true);

    expect((await get(`/api/exports/${asked.id}/download`, other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/exports/${asked.id}/download`, null)).statusCode).toBe(401);
    expect((await get('/api/exports/not-an-id/download', member.cookie)).statusCode).toBe(404);
    await server.database.db.update(dataExports).set({ expiresAt: sql`now()` }).where(eq(dataExports.id, asked.id));
    expect((await get(`/api/exports/${asked.id}/download`, member.cookie)).statusCode).toBe(404);
    expect(await server.app.exportJobs.schedule.runNow('expired-exports')).toBe(1);
  });

  it("serves a community's members as CSV to its owner alone", async () => {
    const url = `/api/communities/${communityId}/members.csv`;
    const owner = await get(url, people.owner.cookie);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(owner.headers['content-disposition']).toMatch(/^attachment; filename=".*-members-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(owner.headers['cache-control']).toBe('private, no-store');
    const lines = owner.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"name","username","joined","level","points","role","paid_status"');
    // The owner, the member, the other member, the moderator and the admin: not the applicant, not the removed.
    expect(lines).toHaveLength(6);
    expect(lines.filter((line) => line.endsWith('"moderator","free"'))).toHaveLength(1);
    expect(lines.filter((line) => line.endsWith('"admin","free"'))).toHaveLength(1);

    const refused = { stranger: 403, applicant: 403, member: 403, removed: 403, moderator: 403, admin: 403 } as const;
    for (const [role, status] of Object.entries(refused)) expect((await get(url, people[role as keyof typeof refused].cookie)).statusCode, role).toBe(status);
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get('/api/communities/00000000-0000-4000-8000-000000000000/members.csv', people.owner.cookie)).statusCode).toBe(404);
  });
});
