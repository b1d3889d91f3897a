import { communities, communityMembers, profiles } from '@app/db/schema';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestUser, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();
let ownerId: string;
let ownerUsername: string;
beforeAll(async () => {
  ownerId = await createTestUser(scene.database, { email: 'owner.discover@example.com' });
  const [owner] = await scene.database.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, ownerId));
  ownerUsername = owner!.username;
});

let seconds = 0;
/** Inserts communities, each one second newer than the last unless `createdAt` says otherwise. */
async function insertCommunities(rows: Array<Partial<typeof communities.$inferInsert> & { name: string }>) {
  return scene.database.db
    .insert(communities)
    .values(rows.map((row) => ({ ownerId, createdAt: sql`now() + make_interval(secs => ${(seconds += 1)})`, ...row })))
    .returning({ id: communities.id, name: communities.name });
}

const anonymous = () => callerFor(scene.database, null).communities;
const names = (page: { items: Array<{ name: string }> }) => page.items.map((c) => c.name);

describe('communities.list', () => {
  it('searches names as a case-insensitive substring, newest first', async () => {
    await insertCommunities([{ name: 'Yoga Lovers' }, { name: 'Sourdough Bakers' }, { name: 'Morning YOGA Club' }, { name: 'yogalates' }]);
    expect(names(await anonymous().list({ search: 'yoga' }))).toEqual(['yogalates', 'Morning YOGA Club', 'Yoga Lovers']);
    expect(names(await anonymous().list({ search: '  GA CL ' }))).toEqual(['Morning YOGA Club']);
    expect(names(await anonymous().list({ search: 'no such community anywhere' }))).toEqual([]);
  });

  it('takes LIKE wildcards and backslashes in the search text literally', async () => {
    await insertCommunities([
      { name: '100% Vegan' },
      { name: '1000 Vegans' },
      { name: 'snake_case fans' },
      { name: 'snakeXcase' },
      { name: 'back\\slash club' },
      { name: 'backslash club' },
    ]);
    expect(names(await anonymous().list({ search: '100%' }))).toEqual(['100% Vegan']);
    expect(names(await anonymous().list({ search: '%' }))).toEqual(['100% Vegan']);
    expect(names(await anonymous().list({ search: 'e_c' }))).toEqual(['snake_case fans']);
    expect(names(await anonymous().list({ search: 'k\\s' }))).toEqual(['back\\slash club']);
  });

  it('filters by category and language, together with the search', async () => {
    await insertCommunities([
      { name: 'Filter Rust Guild', category: 'coding', language: 'english' },
      { name: 'Filter Rust Gilde', category: 'coding', language: 'german' },
      { name: 'Filter Money Club', category: 'finance', language: 'english' },
    ]);
    expect(names(await anonymous().list({ search: 'filter', category: 'coding' }))).toEqual(['Filter Rust Gilde', 'Filter Rust Guild']);
    expect(names(await anonymous().list({ search: 'filter', language: 'english' }))).toEqual(['Filter Money Club', 'Filter Rust Guild']);
    expect(names(await anonymous().list({ category: 'coding', language: 'german' }))).toEqual(['Filter Rust Gilde']);
    expect(names(await anonymous().list({ category: 'law' }))).toEqual([]);
  });

  it("shows each community's member count, seats, price and owner's username", async () => {
    await insertCommunities([{ name: 'Card Fields Club', membersCount: 7, availableSeats: 20, membershipAmountCents: 1250, category: 'design', language: 'french' }]);
    const [card] = (await anonymous().list({ search: 'card fields' })).items;
    expect(card).toEqual({
      id: expect.any(String),
      name: 'Card Fields Club',
      logoUrl: null,
      videoUrl: null,
      category: 'design',
      language: 'french',
      availableSeats: 20,
      membershipAmountCents: 1250,
      isPrivate: false,
      membersCount: 7,
      ownerId,
      ownerUsername,
      createdAt: expect.any(Date),
    });
  });

  it('pages with a cursor, without gaps or repeats, even when rows share a millisecond', async () => {
    // 30 rows a microsecond apart: a cursor cut to milliseconds would skip or repeat some.
    const base = `paging ${Date.now()}`;
    await scene.database.db.insert(communities).values(
      Array.from({ length: 30 }, (_, i) => ({
        ownerId,
        name: `${base} #${String(i).padStart(2, '0')}`,
        createdAt: sql`'2020-01-01T00:00:00.000Z'::timestamptz + make_interval(secs => ${i} / 1000000.0)`,
      })),
    );
    const first = await anonymous().list({ search: base });
    expect(first.items).toHaveLength(24);
    expect(first.nextCursor).not.toBeNull();
    const second = await anonymous().list({ search: base, cursor: first.nextCursor });
    expect(second.items).toHaveLength(6);
    expect(second.nextCursor).toBeNull();
    const all = [...names(first), ...names(second)];
    expect(all).toEqual(Array.from({ length: 30 }, (_, i) => `${base} #${String(29 - i).padStart(2, '0')}`));

    const small = await anonymous().list({ search: base, limit: 10 });
    expect(names(small)).toEqual(all.slice(0, 10));
    expect(names(await anonymous().list({ search: base, limit: 10, cursor: small.nextCursor }))).toEqual(all.slice(10, 20));
  });

  it('refuses bad input with a readable 400', async () => {
    await expect(anonymous().list({ search: 'x'.repeat(101) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Search text must be at most 100 characters.',
    });
    // @ts-expect-error: not a category
    await expect(anonymous().list({ category: 'cooking' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Please choose one of the listed categories.' });
    await expect(anonymous().list({ limit: 500 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Page size must be between 1 and 50.' });
    await expect(anonymous().list({ cursor: { createdAt: 'soon', id: 'nope' } })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('communities.count', () => {
  it('counts every community', async () => {
    const before = await anonymous().count();
    await insertCommunities([{ name: 'Counted One' }, { name: 'Counted Two' }]);
    expect(await anonymous().count()).toBe(before + 2);
  });
});

describe('communities.ofProfile', () => {
  it('lists owned and approved joined communities apart, leaving pending requests out', async () => {
    const person = await createTestUser(scene.database);
    const stranger = await createTestUser(scene.database);
    const [ownedA, ownedB] = await insertCommunities([
      { name: 'Person Owned A', ownerId: person },
      { name: 'Person Owned B', ownerId: person },
    ]);
    const [joined, pending, notJoined] = await insertCommunities([
      { name: 'Person Joined', ownerId: stranger },
      { name: 'Person Pending', ownerId: stranger },
      { name: 'Person Not Joined', ownerId: stranger },
    ]);
    await scene.database.db.insert(communityMembers).values([
      { communityId: ownedA!.id, userId: person, role: 'owner', status: 'approved' },
      { communityId: ownedB!.id, userId: person, role: 'owner', status: 'approved' },
      { communityId: joined!.id, userId: person, role: 'member', status: 'approved' },
      { communityId: pending!.id, userId: person, role: 'member', status: 'pending' },
      { communityId: notJoined!.id, userId: stranger, role: 'owner', status: 'approved' },
    ]);

    const result = await anonymous().ofProfile({ userId: person });
    expect(result.owned.map((c) => c.name)).toEqual(['Person Owned B', 'Person Owned A']);
    expect(result.joined.map((c) => c.name)).toEqual(['Person Joined']);
    expect(result.joined[0]?.ownerId).toBe(stranger);
  });

  it("shows a private community's membership only to its members and the person, as its member list does", async () => {
    const person = await createTestUser(scene.database);
    const coMember = await createTestUser(scene.database);
    const stranger = await createTestUser(scene.database);
    const applicant = await createTestUser(scene.database);
    const [secret, open] = await insertCommunities([
      { name: 'Secret Circle', ownerId, isPrivate: true },
      { name: 'Open Circle', ownerId },
    ]);
    await scene.database.db.insert(communityMembers).values([
      { communityId: secret!.id, userId: person, role: 'member', status: 'approved' },
      { communityId: secret!.id, userId: coMember, role: 'member', status: 'approved' },
      { communityId: secret!.id, userId: applicant, role: 'member', status: 'pending' },
      { communityId: open!.id, userId: person, role: 'member', status: 'approved' },
    ]);
    const joinedAs = async (viewer: string | null) => (await callerFor(scene.database, viewer).communities.ofProfile({ userId: person })).joined.map((c) => c.name).sort();

    expect(await joinedAs(null)).toEqual(['Open Circle']);
    expect(await joinedAs(stranger)).toEqual(['Open Circle']);
    expect(await joinedAs(applicant)).toEqual(['Open Circle']);
    // Those the per-object check lets see the member list see the membership too.
    await expect(callerFor(scene.database, stranger).membership.members({ communityId: secret!.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await joinedAs(coMember)).toEqual(['Open Circle', 'Secret Circle']);
    expect(await joinedAs(person)).toEqual(['Open Circle', 'Secret Circle']);
  });

  it('is empty for someone with no communities, and refuses a malformed id', async () => {
    expect(await anonymous().ofProfile({ userId: crypto.randomUUID() })).toEqual({ owned: [], joined: [] });
    await expect(anonymous().ofProfile({ userId: 'not-a-uuid' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The profile id is not valid.' });
  });
});
