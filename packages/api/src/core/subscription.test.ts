import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveBus, type LiveBus } from '../platform/live/bus.ts';
import { callerFor, createTestCommunity, createTestUser, testSubscription, useTestDatabase, type TestSubscription } from '../testing/index.ts';
import { communityMembers } from '@app/db/schema';

const scene = useTestDatabase();
let member: string;
let communityId: string;

beforeAll(async () => {
  const owner = await createTestUser(scene.database);
  member = await createTestUser(scene.database);
  communityId = (await createTestCommunity(scene.database, owner, { membersCount: 2 })).id;
  await scene.database.db.insert(communityMembers).values({ communityId, userId: member, role: 'member', status: 'approved' });
});

/** A bus that re-checks every `ms` and notes the key each subscription's re-check is shared under. */
function keyedBus(ms: number) {
  const bus = createLiveBus(scene.database, { revalidateMs: ms });
  const keys: Array<string | null> = [];
  const live: LiveBus = { ...bus, revalidate: (key, check, onDenied) => (keys.push(key), bus.revalidate(key, check, onDenied)) };
  return { bus, live, keys };
}

describe('live subscriptions re-checked', () => {
  const buses: LiveBus[] = [];
  afterAll(() => Promise.all(buses.map((bus) => bus.stop())));

  it("share one check per round among a session's subscriptions that need only the session (inbox, bell, level-ups), each tab's alike", async () => {
    const { bus, live, keys } = keyedBus(60_000);
    buses.push(bus);
    const as = (signal: AbortSignal) => callerFor(scene.database, member, { live, signal });
    const subscriptions: TestSubscription[] = [
      await testSubscription((signal) => as(signal).chat.onInbox({})),
      await testSubscription((signal) => as(signal).notifications.onChange({})),
      await testSubscription((signal) => as(signal).levels.onLevelUp({})),
      await testSubscription((signal) => as(signal).chat.onInbox({})),
      await testSubscription((signal) => as(signal).posts.onFeed({ communityId })),
    ];
    const session = `test-${member}`;
    expect(keys).toEqual([...Array.from({ length: 4 }, () => `${session}|session`), `${session}|member:${communityId}:${member}`]);
    for (const subscription of subscriptions) subscription.close();
  });

  it('ends every one of them with FORBIDDEN once the shared check finds the session ended', async () => {
    const { bus, live } = keyedBus(100);
    buses.push(bus);
    let active = true;
    const as = (signal: AbortSignal) => callerFor(scene.database, member, { live, signal, isSessionActive: async () => active });
    const inbox = await testSubscription((signal) => as(signal).chat.onInbox({}));
    const bell = await testSubscription((signal) => as(signal).notifications.onChange({}));
    const ended = Promise.all([inbox.next(3000), bell.next(3000)].map((next) => expect(next).rejects.toMatchObject({ code: 'FORBIDDEN' })));
    active = false;
    await ended;
  });
});
