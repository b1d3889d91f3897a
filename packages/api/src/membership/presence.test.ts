import type { Database } from '@app/db';
import { serverProcesses } from '@app/db/schema';
import { COMMUNITY_MESSAGES, PRESENCE_IDS_MAX } from '@app/shared/communities';
import { PRESENCE_CACHE_MS } from '@app/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CallLimits, personSubject } from '../platform/rate-limit/call-limits.ts';
import { callerFor, testSubscription, useTestWorld } from '../testing/index.ts';
import { announcePresence, forgetPresence, onlineIn } from './presence.ts';

const scene = useTestWorld();
let other: Database;
/** Two server processes on one database: `a` (the callers' pool) and `b`. */
let a: CallLimits | undefined;
let b: CallLimits | undefined;
const opened: Array<() => void> = [];

beforeAll(async () => {
  other = await scene.otherProcess();
});

afterEach(async () => {
  for (const close of opened.splice(0)) close();
  await a?.stop();
  await b?.stop();
  [a, b] = [undefined, undefined];
});

/** `userId` opens a WebSocket on `process`; answers what closes it. */
async function openSocket(process: CallLimits, userId: string) {
  const close = await process.openSocket([personSubject(userId)]);
  opened.push(close);
  return close;
}

/** What `viewer` is told about everyone of the world, read afresh (past the process's few seconds of memory). */
async function seen(viewer: string) {
  const { owner, member, other: otherMember, applicant, removed, stranger } = scene.world;
  forgetPresence(scene.database.db);
  return callerFor(scene.database, viewer).membership.online({
    communityId: scene.world.community.id,
    userIds: [owner, member, otherMember, applicant, removed, stranger],
  });
}

function twoProcesses() {
  a = new CallLimits(scene.database.db);
  b = new CallLimits(other.db);
  return { a, b };
}

describe('who is online', () => {
  it('counts the members with a socket open on any live process, and names those asked about', async () => {
    const { owner, member, other: otherMember } = scene.world;
    const { a, b } = twoProcesses();
    expect(await seen(owner)).toEqual({ count: 0, online: [] });
    await openSocket(a, member);
    await openSocket(b, otherMember);
    await openSocket(b, otherMember);
    await Promise.all([a.sync(), b.sync()]);
    expect(await seen(owner)).toEqual({
      count: 2,
      online: [member, otherMember],
    });
    expect(await seen(member)).toEqual({
      count: 2,
      online: [member, otherMember],
    });
    // Asked about no one: the count alone.
    forgetPresence(scene.database.db);
    expect(
      await callerFor(scene.database, owner).membership.online({
        communityId: scene.world.community.id,
      }),
    ).toEqual({ count: 2, online: [] });
  });

  it('never counts the pending applicant, the removed member or a stranger, sockets open or not', async () => {
    const { owner, member, applicant, removed, stranger } = scene.world;
    const { a } = twoProcesses();
    for (const person of [applicant, removed, stranger, member]) await openSocket(a, person);
    await a.sync();
    expect(await seen(owner)).toEqual({ count: 1, online: [member] });
  });

  it('drops a person when their last socket closes, and everyone a dead process held', async () => {
    const { owner, member, other: otherMember } = scene.world;
    const { a, b } = twoProcesses();
    const first = await openSocket(a, member);
    await openSocket(a, member);
    await openSocket(b, otherMember);
    await Promise.all([a.sync(), b.sync()]);
    first();
    await a.sync();
    expect((await seen(owner)).online).toEqual([member, otherMember]);
    for (const close of opened.splice(0, 2)) close();
    await a.sync();
    expect(await seen(owner)).toEqual({ count: 1, online: [otherMember] });
    // Process b stops being seen (it died): what it held no longer counts.
    await scene.database.db
      .update(serverProcesses)
      .set({ seenAt: sql`now() - interval '1 minute'` })
      .where(eq(serverProcesses.id, sql`(select process_id from live_connections where subject = ${personSubject(otherMember)} limit 1)`));
    expect(await seen(owner)).toEqual({ count: 0, online: [] });
  });

  it('refuses anyone but the members, and more than 100 people or a malformed id at once', async () => {
    const { community, applicant, removed, stranger, member } = scene.world;
    for (const who of [applicant, removed, stranger]) {
      await expect(
        callerFor(scene.database, who).membership.online({
          communityId: community.id,
        }),
      ).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: who === removed ? COMMUNITY_MESSAGES.banned : COMMUNITY_MESSAGES.membersOnly,
      });
    }
    await expect(
      callerFor(scene.database, null).membership.online({
        communityId: community.id,
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const many = Array.from({ length: PRESENCE_IDS_MAX + 1 }, () => crypto.randomUUID());
    await expect(
      callerFor(scene.database, member).membership.online({
        communityId: community.id,
        userIds: many,
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(COMMUNITY_MESSAGES.presenceIds(PRESENCE_IDS_MAX)),
    });
    await expect(
      callerFor(scene.database, member).membership.online({
        communityId: community.id,
        userIds: ['nobody'],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      callerFor(scene.database, member).membership.online({
        communityId: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers from memory for a few seconds: many viewers, one query', async () => {
    const { community, member } = scene.world;
    const { a } = twoProcesses();
    // The process's clock stands still while the socket opens (a busy machine may take seconds),
    // then moves on past the memory's few seconds.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      forgetPresence(scene.database.db);
      const before = onlineIn(scene.database.db, community.id);
      // The read is done before the socket opens: sent but still waiting for a connection of the
      // pool, it could run after the socket's row was written (a CI run on a busy machine saw that).
      expect((await before).has(member)).toBe(false);
      await openSocket(a, member);
      await a.sync();
      expect(onlineIn(scene.database.db, community.id)).toBe(before);
      const online = async () =>
        (
          await callerFor(scene.database, member).membership.online({
            communityId: community.id,
            userIds: [member],
          })
        ).online;
      expect(await online()).toEqual([]);
      vi.setSystemTime(Date.now() + PRESENCE_CACHE_MS - 1);
      expect(await online()).toEqual([]);
      vi.setSystemTime(Date.now() + 1);
      expect(await online()).toEqual([member]);
    } finally {
      vi.useRealTimers();
    }
    // Another process reads for itself (on PGlite the "other process" is the same handle).
    forgetPresence(scene.database.db);
    expect([...(await onlineIn(other.db, community.id))]).toEqual([member]);
  });
});

describe('hidden presence', () => {
  afterEach(async () => {
    await callerFor(scene.database, scene.world.other).profiles.hidePresence({
      hidden: false,
    });
  });

  it('is never counted nor named, to anyone, while the hidden person still sees the others', async () => {
    const { owner, member, other: otherMember } = scene.world;
    const { a, b } = twoProcesses();
    await openSocket(a, member);
    await openSocket(b, otherMember);
    await Promise.all([a.sync(), b.sync()]);
    expect(
      await callerFor(scene.database, otherMember).profiles.hidePresence({
        hidden: true,
      }),
    ).toEqual({ hidden: true });
    expect(await callerFor(scene.database, otherMember).profiles.me()).toMatchObject({ hidePresence: true });
    for (const viewer of [owner, member, otherMember]) expect(await seen(viewer)).toEqual({ count: 1, online: [member] });
    await callerFor(scene.database, otherMember).profiles.hidePresence({
      hidden: false,
    });
    expect(await seen(owner)).toEqual({
      count: 2,
      online: [member, otherMember],
    });
  });

  it("tells the communities' open pages, naming no one", async () => {
    const { community, member, other: otherMember } = scene.world;
    const live = await testSubscription((signal) =>
      callerFor(scene.database, member, { signal }).membership.onChange({
        communityId: community.id,
      }),
    );
    const told = live.nextWhere((data) => data.type === 'presence.changed');
    await callerFor(scene.database, otherMember).profiles.hidePresence({
      hidden: true,
    });
    expect((await told).data).toEqual({ type: 'presence.changed' });
    live.close();
    await expect(callerFor(scene.database, null).profiles.hidePresence({ hidden: true })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('telling open pages', () => {
  it('names the people whose first socket opened or last closed on a process, once written, and announces once per community', async () => {
    const { community, member, other: otherMember, stranger } = scene.world;
    const { a } = twoProcesses();
    const close = await openSocket(a, member);
    await openSocket(a, member);
    await openSocket(a, otherMember);
    expect(a.takePresenceChanges()).toEqual([]);
    await a.sync();
    expect(a.takePresenceChanges().sort()).toEqual([member, otherMember].sort());
    expect(a.takePresenceChanges()).toEqual([]);
    close();
    await a.sync();
    // A second socket still open: nothing changed.
    expect(a.takePresenceChanges()).toEqual([]);
    opened.splice(0).forEach((closeOne) => closeOne());
    await a.sync();
    expect(a.takePresenceChanges().sort()).toEqual([member, otherMember].sort());

    const live = await testSubscription((signal) =>
      callerFor(scene.database, member, { signal }).membership.onChange({
        communityId: community.id,
      }),
    );
    const told = live.nextWhere((data) => data.type === 'presence.changed');
    // Two members of one community: one event for it; a stranger belongs nowhere here.
    expect(await announcePresence(scene.database.db, [member, otherMember, stranger])).toBe(1);
    expect((await told).data).toEqual({ type: 'presence.changed' });
    live.close();
    expect(await announcePresence(scene.database.db, [])).toBe(0);
  });
});
