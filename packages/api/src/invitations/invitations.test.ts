import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { communities, communityInvites, communityMembers } from '@app/db/schema';
import { COMMUNITY_MESSAGES, JOIN_QUESTION_MESSAGES, type UpdateCommunityInput } from '@app/shared/communities';
import { INVITE_LIMITS, INVITE_MESSAGES } from '@app/shared/invitations';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listMailbox } from '../platform/mail/mailbox.ts';
import { createMailTransport } from '../platform/mail/transport.ts';
import { createEmailSender } from '../notifications/email/jobs.ts';
import { addTestStaff, callerFor, createTestPeople, createTestStaff, createTestUser, createTestWorld, type TestPeople, type TestStaff, unlimitedRateLimiter, useTestDatabase } from '../testing/index.ts';
import { testSubscription } from '../testing/subscriptions.ts';
import { VALID_INPUTS } from '../testing/security/valid-inputs.ts';

const scene = useTestDatabase();
let people: TestPeople & TestStaff;
beforeAll(async () => {
  people = { ...(await createTestPeople(scene.database)), ...(await createTestStaff(scene.database)) };
}, 60_000);

/** A private community with a member, an applicant, a removed person, a moderator and an admin. */
const world = async () => addTestStaff(scene.database, await createTestWorld(scene.database, people), people);
const as = (userId: string) => callerFor(scene.database, userId, { rateLimiter: unlimitedRateLimiter });
const newPerson = (email?: string) => createTestUser(scene.database, email ? { email } : {});

async function statusOf(communityId: string, userId: string) {
  return (await as(userId).membership.status({ communityId })).status;
}
async function usesOf(inviteId: string) {
  const [row] = await scene.database.db.select({ uses: communityInvites.uses }).from(communityInvites).where(eq(communityInvites.id, inviteId));
  return row!.uses;
}

describe('invite links', () => {
  it('the owner makes a link; a stranger sees the card and joins the private community without approval; the list counts the use', async () => {
    const w = await world();
    const communityId = w.community.id;
    const link = await as(w.owner).invitations.create({ communityId, expiresIn: '7d', maxUses: 5 });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);

    const stranger = await newPerson();
    // A visitor holding the link sees where it leads.
    const seen = await callerFor(scene.database, null).invitations.byToken({ token: link.token });
    expect(seen).toMatchObject({ problem: null, standing: 'none', community: { id: communityId, name: w.community.name, isPrivate: true } });
    expect(await as(stranger).invitations.accept({ token: link.token })).toEqual({ status: 'approved', communityName: w.community.name, alreadyMember: false });
    expect(await statusOf(communityId, stranger)).toBe('approved');
    // Accepting again changes nothing and counts nothing.
    expect(await as(stranger).invitations.accept({ token: link.token })).toMatchObject({ alreadyMember: true });
    expect(await usesOf(link.id)).toBe(1);
    const [listed] = await as(w.admin).invitations.list({ communityId });
    expect(listed).toMatchObject({ id: link.id, token: link.token, uses: 1, maxUses: 5, email: null, problem: null });
    const [community] = await scene.database.db.select({ membersCount: communities.membersCount }).from(communities).where(eq(communities.id, communityId));
    expect(community!.membersCount).toBe(w.community.membersCount + 1);
  });

  it('an applicant accepting an invite is admitted, and their request leaves the moderators’ list', async () => {
    const w = await world();
    const communityId = w.community.id;
    const link = await as(w.admin).invitations.create({ communityId, expiresIn: 'never', maxUses: null });
    expect(link.expiresAt).toBeNull();
    await as(w.applicant).invitations.accept({ token: link.token });
    expect(await statusOf(communityId, w.applicant)).toBe('approved');
    expect((await as(w.moderator).membership.members({ communityId })).pending).toEqual([]);
  });

  it('an expired or revoked link says so, and admits nobody', async () => {
    const w = await world();
    const communityId = w.community.id;
    const expiring = await as(w.owner).invitations.create({ communityId, expiresIn: '1d', maxUses: null });
    await scene.database.db.update(communityInvites).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(communityInvites.id, expiring.id));
    const stranger = await newPerson();
    expect((await as(stranger).invitations.byToken({ token: expiring.token })).problem).toBe('expired');
    await expect(as(stranger).invitations.accept({ token: expiring.token })).rejects.toMatchObject({ code: 'CONFLICT', message: INVITE_MESSAGES.expired });

    const revoked = await as(w.owner).invitations.create({ communityId, expiresIn: '30d', maxUses: null });
    await as(w.admin).invitations.revoke({ communityId, inviteId: revoked.id });
    expect((await as(stranger).invitations.byToken({ token: revoked.token })).problem).toBe('revoked');
    await expect(as(stranger).invitations.accept({ token: revoked.token })).rejects.toMatchObject({ code: 'CONFLICT', message: INVITE_MESSAGES.revoked });
    // A revoked invite leaves the list; revoking it again (or another community's) is NOT_FOUND.
    expect((await as(w.owner).invitations.list({ communityId })).map((i) => i.id)).toEqual([expiring.id]);
    await expect(as(w.owner).invitations.revoke({ communityId, inviteId: revoked.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const elsewhere = await world();
    await expect(as(elsewhere.owner).invitations.revoke({ communityId: elsewhere.community.id, inviteId: expiring.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await statusOf(communityId, stranger)).toBe('none');
    await expect(as(stranger).invitations.byToken({ token: 'no-such-token' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: INVITE_MESSAGES.notFound });
  });

  it('a link of 3 uses admits exactly 3 of 8 people accepting at once', async () => {
    const w = await world();
    const link = await as(w.owner).invitations.create({ communityId: w.community.id, expiresIn: '7d', maxUses: 3 });
    const crowd = await Promise.all(Array.from({ length: 8 }, () => newPerson()));
    const outcomes = await Promise.allSettled(crowd.map((id) => as(id).invitations.accept({ token: link.token })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    for (const o of outcomes.filter((o) => o.status === 'rejected')) expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', message: INVITE_MESSAGES.usedUp });
    expect(await usesOf(link.id)).toBe(3);
    const admitted = await scene.database.db.$count(communityMembers, and(eq(communityMembers.communityId, w.community.id), sql`${communityMembers.userId} in ${crowd}`));
    expect(admitted).toBe(3);
    expect((await as(w.owner).invitations.list({ communityId: w.community.id }))[0]!.problem).toBe('usedUp');
  });

  it('a banned person cannot use an invite, a full community has no seat, a paid one goes to checkout: no use counted', async () => {
    const w = await world();
    const communityId = w.community.id;
    const link = await as(w.owner).invitations.create({ communityId, expiresIn: '7d', maxUses: null });
    await expect(as(w.removed).invitations.accept({ token: link.token })).rejects.toMatchObject({ code: 'FORBIDDEN', message: COMMUNITY_MESSAGES.banned });
    expect((await as(w.removed).invitations.byToken({ token: link.token })).standing).toBe('removed');

    await scene.database.db.update(communities).set({ availableSeats: sql`${communities.membersCount}` }).where(eq(communities.id, communityId));
    const stranger = await newPerson();
    await expect(as(stranger).invitations.accept({ token: link.token })).rejects.toMatchObject({ code: 'CONFLICT', message: COMMUNITY_MESSAGES.noSeats });

    await scene.database.db.update(communities).set({ availableSeats: null, membershipAmountCents: 500 }).where(eq(communities.id, communityId));
    await expect(as(stranger).invitations.accept({ token: link.token })).rejects.toMatchObject({ code: 'PRECONDITION_FAILED', message: COMMUNITY_MESSAGES.paymentRequired });
    expect(await usesOf(link.id)).toBe(0);
    expect(await statusOf(communityId, stranger)).toBe('none');
  });

  it('refuses a link past the cap of working links, and bad choices, changing nothing', async () => {
    const w = await world();
    const communityId = w.community.id;
    await scene.database.db
      .insert(communityInvites)
      .values(Array.from({ length: INVITE_LIMITS.activeLinksMax }, (_, i) => ({ communityId, createdBy: w.owner, token: `cap-${communityId}-${i}` })));
    await expect(as(w.owner).invitations.create({ communityId, expiresIn: '7d', maxUses: null })).rejects.toMatchObject({ code: 'CONFLICT', message: INVITE_MESSAGES.tooManyLinks(INVITE_LIMITS.activeLinksMax) });
    const owner = as(w.owner).invitations;
    await expect(owner.create({ communityId, expiresIn: '2d' as '1d', maxUses: null })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: INVITE_MESSAGES.expiry });
    await expect(owner.create({ communityId, expiresIn: '1d', maxUses: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(owner.create({ communityId, expiresIn: '1d', maxUses: INVITE_LIMITS.maxUsesMax + 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await scene.database.db.$count(communityInvites, eq(communityInvites.communityId, communityId))).toBe(INVITE_LIMITS.activeLinksMax);
  });

  it('tells the admins’ open lists when an invite is made and used, and not the members', async () => {
    const w = await world();
    const communityId = w.community.id;
    const admin = await testSubscription((signal) => callerFor(scene.database, w.admin, { signal }).invitations.onChange({ communityId }));
    await expect(callerFor(scene.database, w.moderator).invitations.onChange({ communityId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    try {
      const made = admin.next();
      const link = await as(w.owner).invitations.create({ communityId, expiresIn: '7d', maxUses: null });
      expect((await made).data).toEqual({ type: 'invites.changed' });
      await as(await newPerson()).invitations.accept({ token: link.token });
      expect((await admin.next()).data).toEqual({ type: 'invites.changed' });
    } finally {
      admin.close();
    }
  });
});

describe('e-mail invites', () => {
  it('sends each new address an e-mail with a one-use link; members, banned people and the already invited are skipped', async () => {
    const w = await world();
    const communityId = w.community.id;
    const [memberEmail, removedEmail] = await Promise.all(
      [w.member, w.removed].map(async (id) => (await as(id).profiles.me())!.email),
    );
    const fresh = `new.person.${Date.now()}@example.com`;
    const result = await as(w.admin).invitations.email({ communityId, emails: [fresh.toUpperCase(), memberEmail!, removedEmail!, fresh] });
    expect(result.sent).toEqual([fresh]);
    expect(result.skipped).toEqual([
      { email: memberEmail!.toLowerCase(), reason: 'member' },
      { email: removedEmail!.toLowerCase(), reason: 'banned' },
    ]);
    expect((await as(w.admin).invitations.email({ communityId, emails: [fresh] })).skipped).toEqual([{ email: fresh, reason: 'invited' }]);
    const listed = (await as(w.owner).invitations.list({ communityId })).find((i) => i.email === fresh)!;
    expect(listed).toMatchObject({ maxUses: 1, uses: 0, problem: null });

    // The mailer (the local mailbox here) sends it: the link leads a new person in.
    const mailboxDir = await mkdtemp(join(tmpdir(), 'invite-mail-'));
    const transport = createMailTransport({ smtpUrl: null, from: 'Commonroom <hello@commonroom.test>', mailboxDir });
    const sending = createEmailSender({ database: scene.database, transport, from: 'Commonroom <hello@commonroom.test>', publicUrl: 'http://localhost:3000', secret: 's', log: { warn: () => undefined, error: () => undefined } });
    await sending.sender.runDue();
    await sending.stop();
    const [mail, ...others] = (await listMailbox(mailboxDir)).filter((m) => m.to === fresh);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toMatch(new RegExp(`invited you to join ${w.community.name}$`));
    expect(mail!.headers['List-Unsubscribe']).toBeUndefined();
    const url = /http:\/\/localhost:3000\/invite\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect(url).toBe(listed.token);
    const newcomer = await newPerson(fresh);
    await as(newcomer).invitations.accept({ token: url });
    expect(await statusOf(communityId, newcomer)).toBe('approved');
    await expect(as(await newPerson()).invitations.accept({ token: url })).rejects.toMatchObject({ code: 'CONFLICT', message: INVITE_MESSAGES.usedUp });
  });

  it('refuses more than 20 addresses, or one that is not an address, sending nothing', async () => {
    const w = await world();
    const communityId = w.community.id;
    const many = Array.from({ length: INVITE_LIMITS.emailsMax + 1 }, (_, i) => `p${i}@example.com`);
    await expect(as(w.owner).invitations.email({ communityId, emails: many })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: INVITE_MESSAGES.tooManyEmails(INVITE_LIMITS.emailsMax) });
    await expect(as(w.owner).invitations.email({ communityId, emails: ['ok@example.com', 'not an address'] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: INVITE_MESSAGES.badEmail('not an address') });
    await expect(as(w.owner).invitations.email({ communityId, emails: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: INVITE_MESSAGES.emailsRequired });
    expect(await scene.database.db.$count(communityInvites, eq(communityInvites.communityId, communityId))).toBe(0);
  });

  it('is rate limited per person', async () => {
    const w = await world();
    const owner = callerFor(scene.database, w.owner).invitations;
    for (let i = 0; i < 10; i++) await owner.email({ communityId: w.community.id, emails: [`limit${i}.${Date.now()}@example.com`] });
    await expect(owner.email({ communityId: w.community.id, emails: ['one.more@example.com'] })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('join questions', () => {
  async function setQuestions(w: Awaited<ReturnType<typeof world>>, by: string, joinQuestions: string[]) {
    const input = (await VALID_INPUTS['communities.update']!({ database: scene.database, world: w, me: by })) as UpdateCommunityInput;
    return as(by).communities.update({ ...input, name: w.community.name, joinQuestions });
  }

  it('the owner or an admin sets up to 3; an applicant answers them all; moderators read the answers with the request, members never', async () => {
    const w = await world();
    const communityId = w.community.id;
    await expect(setQuestions(w, w.admin, ['One?', 'Two?', 'Three?', 'Four?'])).rejects.toMatchObject({ code: 'BAD_REQUEST', message: JOIN_QUESTION_MESSAGES.tooMany(3) });
    await expect(setQuestions(w, w.admin, ['x'.repeat(201)])).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const saved = await setQuestions(w, w.admin, ['Why do you want to join?', '  ', 'Where did you hear of us?']);
    expect(saved.joinQuestions).toEqual(['Why do you want to join?', 'Where did you hear of us?']);
    expect((await callerFor(scene.database, null).communities.byName({ name: w.community.name })).joinQuestions).toEqual(saved.joinQuestions);

    const applicant = await newPerson();
    const join = as(applicant).membership.join;
    await expect(join({ communityId })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: JOIN_QUESTION_MESSAGES.answersRequired });
    await expect(join({ communityId, answers: ['To learn', ''] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: JOIN_QUESTION_MESSAGES.answersRequired });
    await expect(join({ communityId, answers: ['To learn', 'x'.repeat(501)] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: JOIN_QUESTION_MESSAGES.answerTooLong(500) });
    expect(await statusOf(communityId, applicant)).toBe('none');
    expect(await join({ communityId, answers: ['To learn', 'A friend'] })).toMatchObject({ status: 'pending' });

    const answers = [
      { question: 'Why do you want to join?', answer: 'To learn' },
      { question: 'Where did you hear of us?', answer: 'A friend' },
    ];
    for (const moderator of [w.owner, w.admin, w.moderator]) {
      const { pending } = await as(moderator).membership.members({ communityId });
      expect(pending.find((p) => p.userId === applicant)?.answers).toEqual(answers);
    }
    const seenByMember = await as(w.member).membership.members({ communityId });
    expect(seenByMember.pending).toEqual([]);
    expect(seenByMember.approved.every((m) => m.answers === null)).toBe(true);
    // Changing the questions later keeps what the applicant was asked.
    await setQuestions(w, w.owner, ['Something else?']);
    expect((await as(w.owner).membership.members({ communityId })).pending.find((p) => p.userId === applicant)?.answers).toEqual(answers);
  });

  it('leaves the questions unchanged when an edit does not send them, and asks nothing of a community without questions', async () => {
    const w = await world();
    await setQuestions(w, w.owner, ['Who are you?']);
    const input = (await VALID_INPUTS['communities.update']!({ database: scene.database, world: w, me: w.owner })) as UpdateCommunityInput;
    expect('joinQuestions' in input).toBe(false);
    expect((await as(w.owner).communities.update({ ...input, name: w.community.name })).joinQuestions).toEqual(['Who are you?']);
    await setQuestions(w, w.owner, []);
    expect(await as(await newPerson()).membership.join({ communityId: w.community.id })).toMatchObject({ status: 'pending' });
  });
});
