import { comments, notifications, posts } from '@app/db/schema';
import { MENTION_MESSAGES, mentionToken } from '@app/shared/mentions';
import { POST_MESSAGES } from '@app/shared/posts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFor, unlimitedRateLimiter, useTestWorld } from '../testing/index.ts';

const scene = useTestWorld();
const as = (userId: string) => callerFor(scene.database, userId, { rateLimiter: unlimitedRateLimiter });

/** What `recipientId` was told, of one kind, as (kind, group key, actor) rows. */
async function told(recipientId: string, groupKey?: string) {
  return scene.database.db
    .select({ kind: notifications.kind, groupKey: notifications.groupKey, actorId: notifications.actorId, postId: notifications.postId, commentId: notifications.commentId })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), groupKey ? eq(notifications.groupKey, groupKey) : undefined));
}

describe('@mentions in posts', () => {
  it('tells a mentioned member once; an edit that adds someone tells only them; the author is never told', async () => {
    const { member, other, owner, community } = scene.world;
    const post = await as(member).posts.create({ communityId: community.id, content: `Thanks ${mentionToken(other)} and me ${mentionToken(member)}` });
    expect(post.mentions).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: other, member: true }), expect.objectContaining({ id: member, member: true })]),
    );
    const key = `mention:post:${post.id}`;
    expect(await told(other, key)).toEqual([{ kind: 'mention', groupKey: key, actorId: member, postId: post.id, commentId: null }]);
    expect(await told(member, key)).toEqual([]);
    // The bell's excerpt names people, never shows a token.
    const [listed] = (await as(other).notifications.list({})).items.filter((n) => n.kind === 'mention' && n.post?.id === post.id);
    expect(listed?.post?.excerpt).toMatch(/^Thanks @\S.* and me @\S/);
    expect(listed?.post?.excerpt).not.toContain('@[');

    // Read, then edited to add the owner: the owner is told once; the other person is not told again.
    await scene.database.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.recipientId, other));
    await as(member).posts.update({ postId: post.id, content: `Thanks ${mentionToken(other)} and ${mentionToken(owner)}` });
    await as(member).posts.update({ postId: post.id, content: `Thanks ${mentionToken(other)} and ${mentionToken(owner)}!` });
    expect(await told(other, key)).toHaveLength(1);
    expect(await told(owner, key)).toHaveLength(1);

    const page = await as(other).posts.list({ communityId: community.id });
    expect(page.items.find((p) => p.id === post.id)?.mentions.map((m) => m.id).sort()).toEqual([other, owner].sort());
  });

  it('refuses a mention of anyone who is not an approved member, and saves nothing', async () => {
    const { member, stranger, applicant, removed, community, post } = scene.world;
    for (const person of [stranger, applicant, removed, '00000000-0000-4000-8000-000000000000']) {
      await expect(as(member).posts.create({ communityId: community.id, content: `hi ${mentionToken(person)}` })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: MENTION_MESSAGES.notMember,
      });
      await expect(as(member).posts.update({ postId: post.id, content: `hi ${mentionToken(person)}` })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(as(member).posts.addComment({ postId: post.id, content: `hi ${mentionToken(person)}` })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await scene.database.db.$count(posts, eq(posts.content, `hi ${mentionToken(stranger)}`))).toBe(0);
    expect((await scene.database.db.select({ content: posts.content }).from(posts).where(eq(posts.id, post.id)))[0]?.content).toBe('hello');
  });
});


describe('@mentions and replies in comments', () => {
  it('a mention in a comment tells the person mentioned; the post author hears of the comment once', async () => {
    const { owner, member, community } = scene.world;
    const post = await as(owner).posts.create({ communityId: community.id, content: 'A question' });
    const { comment } = await as(member).posts.addComment({ postId: post.id, content: `Good one ${mentionToken(owner)}` });
    // The owner, mentioned on their own post, is told once: of the mention.
    expect((await told(owner)).filter((n) => n.postId === post.id)).toEqual([
      { kind: 'mention', groupKey: `mention:comment:${comment.id}`, actorId: member, postId: post.id, commentId: comment.id },
    ]);
  });

  it("a reply tells the replied comment's author once (not also of the comment or of its @mention), never the actor", async () => {
    const { owner, member, other, community } = scene.world;
    const post = await as(owner).posts.create({ communityId: community.id, content: 'Plans?' });
    const { comment: first } = await as(member).posts.addComment({ postId: post.id, content: 'Saturday' });
    const { comment: reply } = await as(owner).posts.addComment({ postId: post.id, content: `${mentionToken(member)} works for me`, replyToId: first.id });
    expect(reply.replyTo).toEqual({ id: first.id, author: expect.objectContaining({ id: member }) });
    expect((await told(member)).filter((n) => n.postId === post.id)).toEqual([
      { kind: 'comment.replied', groupKey: `comment.replied:${first.id}`, actorId: owner, postId: post.id, commentId: reply.id },
    ]);
    // The post's author (the owner) replied: they are told nothing of their own reply.
    expect((await told(owner)).filter((n) => n.postId === post.id && n.actorId === owner)).toEqual([]);

    // A reply by a third person to the post author's comment: the owner hears once (the reply), not also 'post.commented'.
    const { comment: ownerComment } = await as(owner).posts.addComment({ postId: post.id, content: 'Or Sunday' });
    const { comment: second } = await as(other).posts.addComment({ postId: post.id, content: 'Sunday!', replyToId: ownerComment.id });
    expect((await told(owner)).filter((n) => n.commentId === second.id).map((n) => n.kind)).toEqual(['comment.replied']);

    const list = await as(other).posts.comments({ postId: post.id });
    expect(list.find((c) => c.id === reply.id)?.replyTo?.author.username).toBeTruthy();
  });

  it("refuses a reply to a comment of another post; a deleted parent with replies stays, holding them", async () => {
    const { member, owner, community, comment: elsewhere } = scene.world;
    const post = await as(owner).posts.create({ communityId: community.id, content: 'Another' });
    await expect(as(member).posts.addComment({ postId: post.id, content: 'hm', replyToId: elsewhere.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: POST_MESSAGES.replyNotFound,
    });
    const { comment: parent } = await as(owner).posts.addComment({ postId: post.id, content: 'parent' });
    const { comment: reply } = await as(member).posts.addComment({ postId: post.id, content: 'child', replyToId: parent.id });
    await as(owner).posts.deleteComment({ commentId: parent.id });
    const [row] = await scene.database.db.select({ replyToId: comments.replyToId }).from(comments).where(eq(comments.id, reply.id));
    expect(row?.replyToId).toBe(parent.id);
  });
});

describe('@mentions in chat', () => {
  it('are checked (members only) and returned, and tell nobody beyond the message itself', async () => {
    const { member, owner, stranger, community } = scene.world;
    const before = (await told(owner)).length;
    const sent = await as(member).chat.send({ communityId: community.id, userId: owner, text: `ask ${mentionToken(owner)}` });
    expect(sent.mentions).toEqual([expect.objectContaining({ id: owner, member: true })]);
    await expect(as(member).chat.send({ communityId: community.id, userId: owner, text: `ask ${mentionToken(stranger)}` })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: MENTION_MESSAGES.notMember,
    });
    await expect(as(member).chat.edit({ messageId: sent.id, text: `ask ${mentionToken(stranger)}` })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const page = await as(owner).chat.messages({ communityId: community.id, userId: member });
    expect(page.items.find((m) => m.id === sent.id)?.mentions).toEqual([expect.objectContaining({ id: owner })]);
    expect((await told(owner)).length).toBe(before);
  });
});

describe('membership.mentionable', () => {
  it("offers the community's approved members but the caller, filtered by name, at most eight", async () => {
    const { member, owner, other, applicant, stranger, community } = scene.world;
    const all = await as(member).membership.mentionable({ communityId: community.id, search: '' });
    const ids = all.map((p) => p.id);
    expect(ids).toContain(owner);
    expect(ids).not.toContain(member);
    expect(ids).toContain(other);
    for (const outsider of [applicant, stranger]) expect(ids).not.toContain(outsider);
    expect(all.length).toBeLessThanOrEqual(8);
    const [first] = all;
    const found = await as(member).membership.mentionable({ communityId: community.id, search: first!.username.slice(0, 3).toUpperCase() });
    expect(found.map((p) => p.id)).toContain(first!.id);
    expect(await as(member).membership.mentionable({ communityId: community.id, search: '%_' })).toEqual([]);
    await expect(as(stranger).membership.mentionable({ communityId: community.id, search: '' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

// Last: it removes a member from the shared world.
describe('@mentions of someone who left', () => {
  it('counts a mention as one character of a comment, and a removed member reads as no longer a member', async () => {
    const { member, other, owner, community } = scene.world;
    const post = await as(member).posts.create({ communityId: community.id, content: `ping ${mentionToken(other)}` });
    const long = `${mentionToken(owner)} ${'x'.repeat(248)}`;
    const { comment } = await as(member).posts.addComment({ postId: post.id, content: long });
    expect(comment.mentions).toEqual([expect.objectContaining({ id: owner, member: true })]);
    await expect(as(member).posts.addComment({ postId: post.id, content: `${long}x` })).rejects.toMatchObject({ message: POST_MESSAGES.commentLength });

    await as(owner).membership.remove({ communityId: community.id, userId: other });
    const page = await as(member).posts.list({ communityId: community.id });
    expect(page.items.find((p) => p.id === post.id)?.mentions).toEqual([expect.objectContaining({ id: other, member: false })]);
    // What they can no longer see is not listed to them.
    expect((await as(other).notifications.list({})).items.some((n) => n.post?.id === post.id)).toBe(false);
  });
});
