import { communityMembers, pollVotes, posts } from '@app/db/schema';
import { POLL_MESSAGES } from '@app/shared/polls';
import { POST_MESSAGES } from '@app/shared/posts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestUser, testSubscription, unlimitedRateLimiter, useTestWorld } from '../testing/index.ts';

const scene = useTestWorld();
const as = (userId: string | null) => callerFor(scene.database, userId, { rateLimiter: unlimitedRateLimiter }).posts;
const poll = (options = ['Mornings', 'Evenings', 'Weekends'], closesAt: Date | null = null) => ({ options, closesAt });
const refusedCode = expect.stringMatching(/FORBIDDEN|UNAUTHORIZED/);

/** A post of the world's member carrying a poll; its options' ids in order. */
async function pollPost(options?: string[], closesAt?: Date | null) {
  const post = await as(scene.world.member).create({ communityId: scene.world.community.id, content: 'When shall we meet?', poll: poll(options, closesAt) });
  return { post, ids: post.poll!.options.map((o) => o.id) };
}

/** A new person, approved into the world's community. */
async function newMember() {
  const userId = await createTestUser(scene.database);
  await scene.database.db.insert(communityMembers).values({ communityId: scene.world.community.id, userId, role: 'member', status: 'approved' });
  return userId;
}

describe('polls', () => {
  it('a post carries a poll: its options in order, no votes, open; posts without one have none', async () => {
    const closesAt = new Date(Date.now() + 86_400_000);
    const { post } = await pollPost(undefined, closesAt);
    expect(post.poll).toMatchObject({
      closed: false,
      closedAt: null,
      totalVotes: 0,
      myChoice: null,
      options: [
        { label: 'Mornings', votes: 0 },
        { label: 'Evenings', votes: 0 },
        { label: 'Weekends', votes: 0 },
      ],
    });
    expect(post.poll!.closesAt).toBeInstanceOf(Date);
    expect(post.poll!.closesAt!.getTime()).toBe(closesAt.getTime());
    const plain = await as(scene.world.member).create({ communityId: scene.world.community.id, content: 'no poll here' });
    expect(plain.poll).toBeNull();
    const page = await as(scene.world.other).list({ communityId: scene.world.community.id });
    expect(page.items.find((p) => p.id === post.id)?.poll?.options).toHaveLength(3);
  });

  it('refuses a poll with too few, too many, blank, over-long or repeated options, or a closing time past, and writes nothing', async () => {
    const communityId = scene.world.community.id;
    const before = await scene.database.db.$count(posts);
    const cases: Array<[ReturnType<typeof poll>, string]> = [
      [poll(['Only one']), POLL_MESSAGES.optionCount],
      [poll(Array.from({ length: 11 }, (_, i) => `Option ${i}`)), POLL_MESSAGES.optionCount],
      [poll(['Yes', '   ']), POLL_MESSAGES.optionRequired],
      [poll(['Yes', 'x'.repeat(101)]), POLL_MESSAGES.optionTooLong],
      [poll(['Yes', ' yes ']), POLL_MESSAGES.optionsDistinct],
      [poll(['Yes', 'No'], new Date(Date.now() - 60_000)), POLL_MESSAGES.closesInPast],
    ];
    for (const [input, message] of cases) {
      await expect(as(scene.world.member).create({ communityId, content: 'A poll', poll: input })).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    }
    expect(await scene.database.db.$count(posts)).toBe(before);
    // Ten options is the most.
    const ten = await as(scene.world.member).create({ communityId, content: 'Ten', poll: poll(Array.from({ length: 10 }, (_, i) => `Option ${i}`)) });
    expect(ten.poll!.options).toHaveLength(10);
  });

  it('each member votes once and may change their vote; counts, shares and my choice come from the database', async () => {
    const { post, ids } = await pollPost();
    const { member, other, owner } = scene.world;
    const mine = await as(other).vote({ postId: post.id, optionId: ids[0]! });
    expect(mine.poll).toMatchObject({ totalVotes: 1, myChoice: ids[0], options: [{ votes: 1 }, { votes: 0 }, { votes: 0 }] });
    // Again the same: still one vote.
    await as(other).vote({ postId: post.id, optionId: ids[0]! });
    await as(owner).vote({ postId: post.id, optionId: ids[1]! });
    const changed = await as(other).vote({ postId: post.id, optionId: ids[1]! });
    expect(changed.poll).toMatchObject({ totalVotes: 2, myChoice: ids[1], options: [{ votes: 0 }, { votes: 2 }, { votes: 0 }] });
    expect(await scene.database.db.$count(pollVotes, eq(pollVotes.postId, post.id))).toBe(2);
    // Each viewer sees their own choice.
    expect((await as(member).byId({ postId: post.id })).poll?.myChoice).toBeNull();
    expect((await as(owner).byId({ postId: post.id })).poll?.myChoice).toBe(ids[1]);
  });

  it('counts every vote once under concurrent votes and changes', async () => {
    const { post, ids } = await pollPost(['A', 'B']);
    const voters = await Promise.all(Array.from({ length: 12 }, () => newMember()));
    // Each votes A and B at once, twice over: whatever wins, each person counts once.
    await Promise.all(voters.flatMap((v) => [ids[0]!, ids[1]!, ids[0]!, ids[1]!].map((optionId) => as(v).vote({ postId: post.id, optionId }))));
    const read = (await as(scene.world.owner).byId({ postId: post.id })).poll!;
    expect(read.totalVotes).toBe(12);
    expect(read.options[0]!.votes + read.options[1]!.votes).toBe(12);
    expect(await scene.database.db.$count(pollVotes, eq(pollVotes.postId, post.id))).toBe(12);
  });

  it('refuses an option of another poll, a post without a poll, a stranger, an applicant and a signed-out visitor', async () => {
    const { post, ids } = await pollPost();
    const { ids: elsewhere } = await pollPost(['Red', 'Blue']);
    await expect(as(scene.world.other).vote({ postId: post.id, optionId: elsewhere[0]! })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: POLL_MESSAGES.optionNotFound });
    await expect(as(scene.world.other).vote({ postId: scene.world.post.id, optionId: ids[0]! })).rejects.toMatchObject({ code: 'NOT_FOUND', message: POLL_MESSAGES.noPoll });
    for (const caller of [scene.world.stranger, scene.world.applicant, scene.world.removed, null]) {
      await expect(as(caller).vote({ postId: post.id, optionId: ids[0]! })).rejects.toMatchObject({ code: refusedCode });
      await expect(as(caller).closePoll({ postId: post.id })).rejects.toMatchObject({ code: refusedCode });
    }
    expect(await scene.database.db.$count(pollVotes, eq(pollVotes.postId, post.id))).toBe(0);
  });

  it("a removed member's vote stays counted, and they can vote no more", async () => {
    const { post, ids } = await pollPost();
    const leaving = await newMember();
    await as(leaving).vote({ postId: post.id, optionId: ids[2]! });
    await callerFor(scene.database, scene.world.owner).membership.remove({ communityId: scene.world.community.id, userId: leaving });
    await expect(as(leaving).vote({ postId: post.id, optionId: ids[0]! })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await as(scene.world.owner).byId({ postId: post.id })).poll).toMatchObject({ totalVotes: 1, options: [{ votes: 0 }, { votes: 0 }, { votes: 1 }] });
  });

  it('the author and the owner may close it early (a plain member may not); a closed poll takes no vote', async () => {
    const { member, other, owner } = scene.world;
    const first = await pollPost();
    await as(other).vote({ postId: first.post.id, optionId: first.ids[0]! });
    await expect(as(other).closePoll({ postId: first.post.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: POST_MESSAGES.notAuthor });
    const closed = await as(member).closePoll({ postId: first.post.id });
    expect(closed.poll).toMatchObject({ closed: true, totalVotes: 1 });
    expect(closed.poll.closedAt).toBeInstanceOf(Date);
    // Closing again changes nothing.
    expect((await as(member).closePoll({ postId: first.post.id })).poll.closedAt?.getTime()).toBe(closed.poll.closedAt!.getTime());
    await expect(as(other).vote({ postId: first.post.id, optionId: first.ids[1]! })).rejects.toMatchObject({ code: 'CONFLICT', message: POLL_MESSAGES.closed });
    expect((await as(other).byId({ postId: first.post.id })).poll).toMatchObject({ totalVotes: 1, myChoice: first.ids[0], options: [{ votes: 1 }, { votes: 0 }, { votes: 0 }] });

    const second = await pollPost();
    expect((await as(owner).closePoll({ postId: second.post.id })).poll.closed).toBe(true);
    await expect(as(member).closePoll({ postId: scene.world.post.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: POLL_MESSAGES.noPoll });
  });

  it('a poll whose closing time has passed is closed', async () => {
    const { post, ids } = await pollPost(undefined, new Date(Date.now() + 60_000));
    await as(scene.world.other).vote({ postId: post.id, optionId: ids[0]! });
    await scene.database.db.execute(`update polls set closes_at = now() - interval '1 second' where post_id = '${post.id}'`);
    await expect(as(scene.world.other).vote({ postId: post.id, optionId: ids[1]! })).rejects.toMatchObject({ code: 'CONFLICT', message: POLL_MESSAGES.closed });
    expect((await as(scene.world.other).byId({ postId: post.id })).poll).toMatchObject({ closed: true, closedAt: null, totalVotes: 1 });
  });

  it('editing the post keeps its votes; the options change only until the first vote', async () => {
    const { member, other } = scene.world;
    const { post, ids } = await pollPost(['Tea', 'Coffee']);
    // Before any vote, the options may change.
    const edited = await as(member).update({ postId: post.id, content: 'Drinks?', feeling: null, poll: poll(['Tea', 'Coffee', 'Juice']) });
    expect(edited.poll?.options.map((o) => o.label)).toEqual(['Tea', 'Coffee', 'Juice']);
    const newIds = edited.poll!.options.map((o) => o.id);
    await as(other).vote({ postId: post.id, optionId: newIds[1]! });
    // A text edit leaves the poll and its votes alone.
    const textOnly = await as(member).update({ postId: post.id, content: 'Drinks at the meetup?', feeling: null });
    expect(textOnly.poll).toMatchObject({ totalVotes: 1, options: [{ votes: 0 }, { votes: 1 }, { votes: 0 }] });
    expect(textOnly.updatedAt.getTime()).toBeGreaterThan(textOnly.createdAt.getTime());
    // The same options with a new closing time: kept, votes too.
    const later = new Date(Date.now() + 3 * 86_400_000);
    const moved = await as(member).update({ postId: post.id, content: 'Drinks at the meetup?', feeling: null, poll: poll(['Tea', 'Coffee', 'Juice'], later) });
    expect(moved.poll).toMatchObject({ totalVotes: 1, options: [{ id: newIds[0] }, { id: newIds[1], votes: 1 }, { id: newIds[2] }] });
    expect(moved.poll!.closesAt?.getTime()).toBe(later.getTime());
    // After the first vote, other options are refused and nothing changes.
    await expect(as(member).update({ postId: post.id, content: 'Changed', feeling: null, poll: poll(['Tea', 'Water']) })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: POLL_MESSAGES.optionsLocked,
    });
    const after = await as(other).byId({ postId: post.id });
    expect(after.content).toBe('Drinks at the meetup?');
    expect(after.poll?.options.map((o) => o.label)).toEqual(['Tea', 'Coffee', 'Juice']);
    expect(ids).toHaveLength(2);
  });

  it('votes and closing reach every open feed live, with the counts and the voter', async () => {
    const { post, ids } = await pollPost();
    const feed = await testSubscription((signal) => callerFor(scene.database, scene.world.owner, { signal }).posts.onFeed({ communityId: scene.world.community.id }));
    const voted = feed.nextWhere((data) => data.type === 'poll.updated' && data.postId === post.id);
    await as(scene.world.other).vote({ postId: post.id, optionId: ids[1]! });
    expect((await voted).data).toMatchObject({
      type: 'poll.updated',
      postId: post.id,
      voterId: scene.world.other,
      optionId: ids[1],
      poll: { totalVotes: 1, myChoice: null, closed: false, options: [{ votes: 0 }, { votes: 1 }, { votes: 0 }] },
    });
    const closed = feed.nextWhere((data) => data.type === 'poll.updated' && data.postId === post.id);
    await as(scene.world.member).closePoll({ postId: post.id });
    expect((await closed).data).toMatchObject({ type: 'poll.updated', postId: post.id, poll: { closed: true, totalVotes: 1 } });
    expect((await closed).data.voterId).toBeUndefined();
    feed.close();
  });

  it('a deleted post takes its poll and votes with it', async () => {
    const { post, ids } = await pollPost();
    await as(scene.world.other).vote({ postId: post.id, optionId: ids[0]! });
    await as(scene.world.member).delete({ postId: post.id });
    expect(await scene.database.db.$count(pollVotes, eq(pollVotes.postId, post.id))).toBe(0);
    await expect(as(scene.world.other).vote({ postId: post.id, optionId: ids[0]! })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
