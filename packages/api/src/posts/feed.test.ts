import type { Database } from '@app/db';
import { communities, communityMembers, liveEvents } from '@app/db/schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveBus, type LiveBus } from '../platform/live/bus.ts';
import { callerFor, type CallerOptions, createTestUser, testSubscription, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();
/** Another connection pool and bus on the same database: a second server process. */
let secondProcess: Database;
let secondBus: LiveBus;
let owner: string;
let member: string;
let stranger: string;
let communityId: string;

beforeAll(async () => {
  secondProcess = await scene.otherProcess();
  secondBus = createLiveBus(secondProcess);
  owner = await createTestUser(scene.database);
  member = await createTestUser(scene.database);
  stranger = await createTestUser(scene.database);
  const [row] = await scene.database.db.insert(communities).values({ name: `Live ${Date.now()}`, ownerId: owner, membersCount: 2 }).returning({ id: communities.id });
  communityId = row!.id;
  await scene.database.db.insert(communityMembers).values([
    { communityId, userId: owner, role: 'owner', status: 'approved' },
    { communityId, userId: member, role: 'member', status: 'approved' },
  ]);
});
afterAll(async () => {
  await secondBus.stop();
});

/** Subscribes to the feed and hands out events one at a time. */
function subscribe(userId: string | null, input: { lastEventId?: string } = {}, options: CallerOptions = {}) {
  return testSubscription((signal) => callerFor(scene.database, userId, { ...options, signal }).posts.onFeed({ communityId, ...input }));
}

describe('posts.onFeed', () => {
  it('refuses a non-member and a signed-out visitor when they subscribe', async () => {
    await expect(subscribe(stranger).then((s) => s.next(1000))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(subscribe(null).then((s) => s.next(1000))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it("delivers another member's post, like and comment as they happen", async () => {
    const feed = await subscribe(owner);
    const first = feed.next();
    const post = await callerFor(scene.database, member).posts.create({ communityId, content: 'hello, live world', feeling: 'happy' });
    const created = await first;
    expect(created.data).toMatchObject({ type: 'post.created', post: { id: post.id, content: 'hello, live world', author: { id: member } } });
    expect((created.data.post as { createdAt: unknown }).createdAt).toBeInstanceOf(Date);

    await callerFor(scene.database, member).posts.like({ postId: post.id, liked: true });
    expect((await feed.next()).data).toMatchObject({ type: 'post.liked', postId: post.id, likeCount: 1, userId: member });
    await callerFor(scene.database, member).posts.addComment({ postId: post.id, content: 'first!' });
    expect((await feed.next()).data).toMatchObject({ type: 'comment.created', postId: post.id, commentCount: 1, comment: { content: 'first!' } });
    feed.close();
  });

  it('exchanges events between two server processes on one database', async () => {
    const feed = await subscribe(owner, {}, { live: secondBus });
    const next = feed.nextWhere((data) => data.type === 'post.created' && (data.post as { content: string }).content === 'from process one');
    const post = await callerFor(scene.database, member).posts.create({ communityId, content: 'from process one' });
    expect((await next).data).toMatchObject({ type: 'post.created', post: { id: post.id } });
    feed.close();
  });

  it('a client that reconnects with its last event id first gets what it missed', async () => {
    const feed = await subscribe(owner);
    // (An earlier test's events may still be on their way to this process's bus: wait for this one.)
    const next = feed.nextWhere((data) => data.type === 'post.created' && (data.post as { content: string }).content === 'seen');
    await callerFor(scene.database, member).posts.create({ communityId, content: 'seen' });
    const seen = await next;
    feed.close();
    const missed = await callerFor(scene.database, member).posts.create({ communityId, content: 'missed while away' });

    const again = await subscribe(owner, { lastEventId: seen.id });
    expect((await again.next()).data).toMatchObject({ type: 'post.created', post: { id: missed.id } });
    again.close();
  });

  it('never replays history: from id 0 or from before the window the client is told to refetch', async () => {
    await callerFor(scene.database, member).posts.create({ communityId, content: 'history that must not be paged through' });
    const fromZero = await subscribe(member, { lastEventId: '0' });
    expect((await fromZero.next()).data).toEqual({ type: 'live.reset' });
    fromZero.close();

    const feed = await subscribe(owner);
    const next = feed.nextWhere((data) => data.type === 'post.created' && (data.post as { content: string }).content === 'seen long ago');
    await callerFor(scene.database, member).posts.create({ communityId, content: 'seen long ago' });
    const seen = await next;
    feed.close();
    await callerFor(scene.database, member).posts.create({ communityId, content: 'missed, but too long ago' });
    await scene.database.db.execute(sql`update live_events set created_at = now() - interval '10 minutes' where id = ${Number(seen.id)}`);
    const again = await subscribe(owner, { lastEventId: seen.id });
    const reset = await again.next();
    expect(reset.data).toEqual({ type: 'live.reset' });
    expect(Number(reset.id)).toBeGreaterThan(Number(seen.id));
    again.close();
  });

  it('keeps no text in the event log, and a replay shows deleted and edited posts and comments as they are now', async () => {
    const feed = await subscribe(owner);
    const next = feed.nextWhere((data) => data.type === 'post.created' && (data.post as { content: string }).content === 'marker before secrets');
    await callerFor(scene.database, member).posts.create({ communityId, content: 'marker before secrets' });
    const marker = await next;
    feed.close();

    const author = callerFor(scene.database, member);
    const deleted = await author.posts.create({ communityId, content: 'DELETED-SECRET post text' });
    await author.posts.addComment({ postId: deleted.id, content: 'DELETED-SECRET comment on it' });
    await author.posts.delete({ postId: deleted.id });
    const edited = await author.posts.create({ communityId, content: 'EDITED-SECRET first draft' });
    const { comment } = await author.posts.addComment({ postId: edited.id, content: 'REMOVED-SECRET comment' });
    await author.posts.deleteComment({ commentId: comment.id });
    await author.posts.update({ postId: edited.id, content: 'the final wording' });

    const [log] = await scene.database.db.select({ text: sql<string>`string_agg(${liveEvents.payload}::text, ' ')` }).from(liveEvents);
    expect(log!.text).not.toMatch(/SECRET|final wording/);

    const again = await subscribe(owner, { lastEventId: marker.id });
    const replayed: unknown[] = [];
    for (;;) {
      const event = await again.next();
      replayed.push(event.data);
      if (event.data.type === 'post.updated' && event.data.postId === edited.id) break;
    }
    again.close();
    expect(JSON.stringify(replayed)).not.toMatch(/SECRET/);
    expect(replayed).toContainEqual({ type: 'post.deleted', postId: deleted.id });
    expect(replayed).toContainEqual(expect.objectContaining({ type: 'post.created', post: expect.objectContaining({ id: edited.id, content: 'the final wording' }) }));
    expect(replayed).toContainEqual(expect.objectContaining({ type: 'post.updated', postId: edited.id, content: 'the final wording' }));
  });

  it('ends when the subscriber leaves the community', async () => {
    const leaver = await createTestUser(scene.database);
    await callerFor(scene.database, leaver).membership.join({ communityId });
    const feed = await subscribe(leaver);
    // Events of earlier tests may still be on their way: pass over them until the subscription ends.
    const ended = expect(
      (async () => {
        for (;;) await feed.next();
      })(),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await callerFor(scene.database, leaver).membership.leave({ communityId });
    await ended;
  });

  it('ends when the session does', async () => {
    let active = true;
    const quickBus = createLiveBus(scene.database, { revalidateMs: 100 });
    const feed = await subscribe(member, {}, { live: quickBus, isSessionActive: async () => active });
    const ended = expect(feed.next(3000)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    active = false;
    await ended;
    await quickBus.stop();
  });
});
