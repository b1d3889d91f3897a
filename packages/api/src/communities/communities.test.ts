import { communities, communityMembers, partnerReferrals, partners } from '@app/db/schema';
import { COMMUNITY_MESSAGES, type CreateCommunityInput, type UpdateCommunityInput } from '@app/shared/communities';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestUser, storeTestUpload, testStorage, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();

let logoCounter = 0;
/** Stores a logo as if `userId` had uploaded it, and returns its URL. */
async function uploadedLogo(userId: string): Promise<string> {
  logoCounter += 1;
  const key = `${userId}/logo-${logoCounter}.webp`;
  await storeTestUpload(scene.database, userId, 'community-logos', key, Buffer.from('logo'), 'image/webp');
  return `/uploads/community-logos/${key}`;
}
const logoExists = (url: string) => testStorage().exists('community-logos', url.slice('/uploads/community-logos/'.length));

let nameCounter = 0;
async function wizard(userId: string, changes: Partial<CreateCommunityInput> = {}): Promise<CreateCommunityInput> {
  nameCounter += 1;
  return {
    name: `Garden Club ${nameCounter}`,
    logoUrl: await uploadedLogo(userId),
    category: 'health',
    language: 'english',
    contactEmail: 'hello@garden.example',
    availableSeats: null,
    description: '',
    videoUrl: '',
    rules: '  ',
    partner: null,
    ...changes,
  };
}

async function countCommunities(name: string) {
  return scene.database.db.$count(communities, sql`lower(${communities.name}) = lower(${name})`);
}

function editFormFor(details: { id: string; name: string; logoUrl: string | null; category: string | null; language: string | null; contactEmail: string | null; availableSeats: number | null }, changes: Partial<UpdateCommunityInput> = {}): UpdateCommunityInput {
  return {
    communityId: details.id,
    name: details.name,
    logoUrl: details.logoUrl!,
    category: details.category as UpdateCommunityInput['category'],
    language: details.language as UpdateCommunityInput['language'],
    contactEmail: details.contactEmail!,
    availableSeats: details.availableSeats,
    description: null,
    rules: null,
    videoUrl: null,
    isPrivate: false,
    membershipAmountCents: 0,
    ...changes,
  };
}

describe('communities.create', () => {
  it('creates the community with its owner as the one approved member, blank optional fields as null', async () => {
    const owner = await createTestUser(scene.database);
    const input = await wizard(owner, { videoUrl: 'https://youtu.be/dQw4w9WgXcQ', availableSeats: 20 });
    const created = await callerFor(scene.database, owner).communities.create(input);
    expect(created.name).toBe(input.name);

    const details = await callerFor(scene.database, null).communities.byName({ name: input.name.toUpperCase() });
    expect(details).toMatchObject({ id: created.id, ownerId: owner, membersCount: 1, availableSeats: 20, description: null, rules: null, isPrivate: false });
    expect(details.owner.id).toBe(owner);
    const rows = await scene.database.db.select().from(communityMembers).where(eq(communityMembers.communityId, created.id));
    expect(rows).toMatchObject([{ userId: owner, role: 'owner', status: 'approved' }]);
    const [row] = await scene.database.db.select({ planType: communities.planType }).from(communities).where(eq(communities.id, created.id));
    expect(row!.planType).toBe('unlimited');
  });

  it('refuses a signed-out visitor', async () => {
    const owner = await createTestUser(scene.database);
    await expect(callerFor(scene.database, null).communities.create(await wizard(owner))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it("shows the wizard's messages for bad input, and creates nothing", async () => {
    const owner = await createTestUser(scene.database);
    const caller = callerFor(scene.database, owner);
    const cases: Array<[Partial<CreateCommunityInput>, string]> = [
      [{ name: '   ' }, COMMUNITY_MESSAGES.nameRequired],
      [{ logoUrl: '' }, COMMUNITY_MESSAGES.logoRequired],
      [{ category: '' as never }, COMMUNITY_MESSAGES.categoryRequired],
      [{ language: 'klingon' as never }, COMMUNITY_MESSAGES.languageRequired],
      [{ contactEmail: 'not an email' }, COMMUNITY_MESSAGES.contactEmail],
      [{ availableSeats: 0 }, COMMUNITY_MESSAGES.seats],
      [{ videoUrl: 'https://example.com/clip.mp4' }, COMMUNITY_MESSAGES.videoNotEmbeddable],
    ];
    for (const [changes, message] of cases) {
      const input = await wizard(owner, changes);
      await expect(caller.communities.create(input), message).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
      expect(await countCommunities(input.name)).toBe(0);
    }
  });

  it("refuses a logo that is not the caller's upload, leaving no community behind", async () => {
    const owner = await createTestUser(scene.database);
    const other = await createTestUser(scene.database);
    const caller = callerFor(scene.database, owner);
    for (const logoUrl of [await uploadedLogo(other), `/uploads/community-logos/${owner}/never-uploaded.webp`, 'https://cdn.example/logo.png']) {
      const input = await wizard(owner, { logoUrl });
      await expect(caller.communities.create(input)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: COMMUNITY_MESSAGES.logoInvalid });
      expect(await countCommunities(input.name)).toBe(0);
    }
  });

  it('refuses a duplicate name (any case) and removes the logo uploaded for the failed attempt', async () => {
    const owner = await createTestUser(scene.database);
    const caller = callerFor(scene.database, owner);
    const first = await wizard(owner);
    await caller.communities.create(first);
    const second = await wizard(owner, { name: first.name.toUpperCase() });
    await expect(caller.communities.create(second)).rejects.toMatchObject({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.nameTaken(second.name) });
    expect(await logoExists(second.logoUrl)).toBe(false);
    expect(await logoExists(first.logoUrl)).toBe(true);
    expect(await countCommunities(first.name)).toBe(1);
  });

  it("records the partner whose referral code the creator arrived with (never the creator's own)", async () => {
    const partner = await createTestUser(scene.database);
    await scene.database.db.insert(partners).values({ userId: partner, referralCode: 'PARTNER1' });
    const owner = await createTestUser(scene.database);
    const referred = await callerFor(scene.database, owner).communities.create(await wizard(owner, { referralCode: 'PARTNER1' }));
    const [row] = await scene.database.db.select({ referredBy: communities.referredBy }).from(communities).where(eq(communities.id, referred.id));
    expect(row!.referredBy).toBe(partner);
    expect(await scene.database.db.$count(partnerReferrals, eq(partnerReferrals.communityId, referred.id))).toBe(1);

    const own = await callerFor(scene.database, partner).communities.create(await wizard(partner, { referralCode: 'PARTNER1' }));
    const [ownRow] = await scene.database.db.select({ referredBy: communities.referredBy }).from(communities).where(eq(communities.id, own.id));
    expect(ownRow!.referredBy).toBeNull();
  });
});

describe('communities.update', () => {
  it('lets only the owner edit: a member and a stranger are refused and nothing changes', async () => {
    const owner = await createTestUser(scene.database);
    const member = await createTestUser(scene.database);
    const stranger = await createTestUser(scene.database);
    const created = await callerFor(scene.database, owner).communities.create(await wizard(owner));
    await callerFor(scene.database, member).membership.join({ communityId: created.id });
    const details = await callerFor(scene.database, null).communities.byName({ name: created.name });

    for (const who of [member, stranger]) {
      await expect(callerFor(scene.database, who).communities.update(editFormFor(details, { name: `${created.name} hijacked` }))).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: COMMUNITY_MESSAGES.notAuthorized,
      });
    }
    await expect(callerFor(scene.database, null).communities.update(editFormFor(details))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await callerFor(scene.database, null).communities.byName({ name: created.name })).name).toBe(created.name);
  });

  it("saves the owner's changes, replaces the logo (removing the old one) and keeps the cap above the members", async () => {
    const owner = await createTestUser(scene.database);
    const member = await createTestUser(scene.database);
    const input = await wizard(owner);
    const created = await callerFor(scene.database, owner).communities.create(input);
    await callerFor(scene.database, member).membership.join({ communityId: created.id });
    const details = await callerFor(scene.database, null).communities.byName({ name: created.name });
    const caller = callerFor(scene.database, owner);

    await expect(caller.communities.update(editFormFor(details, { availableSeats: 1 }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: COMMUNITY_MESSAGES.seatsBelowMembers(2),
    });
    await expect(caller.communities.update(editFormFor(details, { membershipAmountCents: 499 }))).rejects.toMatchObject({ message: COMMUNITY_MESSAGES.amount });

    const newLogo = await uploadedLogo(owner);
    const saved = await caller.communities.update(
      editFormFor(details, { name: `${created.name} Renamed`, logoUrl: newLogo, availableSeats: 2, membershipAmountCents: 999, isPrivate: true, description: ' Grow things. ' }),
    );
    expect(saved).toMatchObject({ name: `${created.name} Renamed`, logoUrl: newLogo, availableSeats: 2, membershipAmountCents: 999, isPrivate: true, description: 'Grow things.' });
    expect(await logoExists(input.logoUrl)).toBe(false);
    expect(await logoExists(newLogo)).toBe(true);
  });
});

describe('communities.mine', () => {
  it('lists owned, joined and pending communities of the signed-in user', async () => {
    const owner = await createTestUser(scene.database);
    const me = await createTestUser(scene.database);
    const mine = await callerFor(scene.database, me).communities.create(await wizard(me));
    const open = await callerFor(scene.database, owner).communities.create(await wizard(owner));
    const closed = await callerFor(scene.database, owner).communities.create(await wizard(owner));
    const closedDetails = await callerFor(scene.database, null).communities.byName({ name: closed.name });
    await callerFor(scene.database, owner).communities.update(editFormFor(closedDetails, { isPrivate: true }));
    await callerFor(scene.database, me).membership.join({ communityId: open.id });
    await callerFor(scene.database, me).membership.join({ communityId: closed.id });

    const lists = await callerFor(scene.database, me).communities.mine();
    expect(lists.owned.map((c) => c.id)).toEqual([mine.id]);
    expect(lists.joined.map((c) => c.id)).toEqual([open.id]);
    expect(lists.pending.map((c) => c.id)).toEqual([closed.id]);
    await expect(callerFor(scene.database, null).communities.mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
