import { personBlocks, profiles } from '@app/db/schema';
import { BLOCK_MESSAGES, BLOCKS_MAX } from '@app/shared/blocks';
import { mentionToken } from '@app/shared/mentions';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, createTestUser, unlimitedRateLimiter, useTestWorld } from '../testing/index.ts';
import { testSubscription } from '../testing/subscriptions.ts';

const scene = useTestWorld();
const as = (userId: string) => callerFor(scene.database, userId, { rateLimiter: unlimitedRateLimiter });

/** Every block of the world's people lifted: each test starts from none. */
async function noBlocks() {
  for (const id of [scene.world.member, scene.world.other, scene.world.owner]) await scene.database.db.delete(personBlocks).where(eq(personBlocks.blockerId, id));
}

describe('blocking', () => {
  it('blocks and unblocks a person, idempotently; lists them newest first; refuses oneself and nobody', async () => {
    await noBlocks();
    const { member, other, owner } = scene.world;
    await as(member).blocks.block({ userId: other });
    await as(member).blocks.block({ userId: other });
    await as(member).blocks.block({ userId: owner });
    expect((await as(member).blocks.list()).map((b) => b.id)).toEqual([owner, other]);
    expect(await as(other).blocks.list()).toEqual([]);
    await expect(as(member).blocks.block({ userId: member })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: BLOCK_MESSAGES.self });
    await expect(as(member).blocks.block({ userId: crypto.randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND', message: BLOCK_MESSAGES.noSuchPerson });
    await as(member).blocks.unblock({ userId: owner });
    await as(member).blocks.unblock({ userId: owner });
    expect((await as(member).blocks.list()).map((b) => b.id)).toEqual([other]);
  });

  it(`holds at most ${BLOCKS_MAX} people a blocker`, async () => {
    const blocker = await createTestUser(scene.database);
    const crowd = await scene.database.db
      .insert(profiles)
      .values(Array.from({ length: BLOCKS_MAX }, (_, i) => ({ username: `blocked_${i}_${crypto.randomUUID().slice(0, 8)}`, email: `blocked${i}.${crypto.randomUUID()}@example.com` })))
      .returning({ id: profiles.id });
    await scene.database.db.insert(personBlocks).values(crowd.map((p) => ({ blockerId: blocker, blockedId: p.id })));
    await expect(as(blocker).blocks.block({ userId: scene.world.member })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: BLOCK_MESSAGES.tooMany });
    expect(await as(blocker).blocks.list()).toHaveLength(BLOCKS_MAX);
  });
});

describe('what a block does', () => {
  it('chat: no messages from the blocked person, and none to them while blocking; unblocking restores both', async () => {
    await noBlocks();
    const { member, other, community } = scene.world;
    await as(member).blocks.block({ userId: other });
    await expect(as(other).chat.send({ communityId: community.id, userId: member, text: 'hello?' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: BLOCK_MESSAGES.blockedYou });
    await expect(as(member).chat.send({ communityId: community.id, userId: other, text: 'hi' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: BLOCK_MESSAGES.youBlocked });
    await as(member).blocks.unblock({ userId: other });
    await expect(as(other).chat.send({ communityId: community.id, userId: member, text: 'hello again' })).resolves.toMatchObject({ text: 'hello again' });
  });

  it('mentions: the picker does not offer the blocker to the blocked person, and their text mentioning the blocker is refused, nothing saved', async () => {
    await noBlocks();
    const { member, other, community, post } = scene.world;
    await as(member).blocks.block({ userId: other });
    const offered = await as(other).membership.mentionable({ communityId: community.id, search: '' });
    expect(offered.map((p) => p.id)).not.toContain(member);
    // The blocker still finds the person they block.
    expect((await as(member).membership.mentionable({ communityId: community.id, search: '' })).map((p) => p.id)).toContain(other);
    const refused = { code: 'BAD_REQUEST', message: BLOCK_MESSAGES.mention };
    await expect(as(other).posts.create({ communityId: community.id, content: `Hey ${mentionToken(member)}` })).rejects.toMatchObject(refused);
    await expect(as(other).posts.addComment({ postId: post.id, content: `Hey ${mentionToken(member)}` })).rejects.toMatchObject(refused);
    await expect(as(other).chat.send({ communityId: community.id, userId: scene.world.owner, text: `ask ${mentionToken(member)}` })).rejects.toMatchObject(refused);
    expect((await as(member).posts.list({ communityId: community.id })).items.filter((p) => p.content.includes(mentionToken(member)))).toEqual([]);
    await as(member).blocks.unblock({ userId: other });
    await expect(as(other).posts.addComment({ postId: post.id, content: `Hey ${mentionToken(member)}` })).resolves.toBeDefined();
  });

  it('live: the blocker’s other open pages hear of a block and an unblock', async () => {
    await noBlocks();
    const { member, other } = scene.world;
    const live = await testSubscription((signal) => callerFor(scene.database, member, { signal }).blocks.onChange({}));
    try {
      const first = live.nextWhere((e) => e.type === 'blocks.changed');
      await as(member).blocks.block({ userId: other });
      expect((await first).data).toEqual({ type: 'blocks.changed' });
      const second = live.nextWhere((e) => e.type === 'blocks.changed');
      await as(member).blocks.unblock({ userId: other });
      expect((await second).data).toEqual({ type: 'blocks.changed' });
    } finally {
      live.close();
    }
  });
});
