import { ROLE_MESSAGES } from '@app/shared/roles';
import { readFileSync } from 'node:fs';
import { CHAT_MESSAGES } from '@app/shared/chat';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { POST_MESSAGES } from '@app/shared/posts';
import { describe, expect, it } from 'vitest';
import { authorize, type ScopedRule } from './access.ts';
import { procedureAccess, withAccessTable } from '../access-table.ts';
import { callerFor, createTestCommunity, createTestWorld, type TestWorld, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();

describe('declared access', () => {
  it('every procedure declares who may call it through its builder', () => {
    const undeclared = procedureAccess().filter((p) => p.access === null);
    expect(undeclared.map((p) => p.path)).toEqual([]);
    expect(procedureAccess().length).toBeGreaterThan(40);
  });

  it("docs/access.md's table is the one the router makes (run `npm run access-table` after adding a procedure)", () => {
    const readme = readFileSync(new URL('../../../../docs/access.md', import.meta.url), 'utf8');
    expect(withAccessTable(readme)).toBe(readme);
  });

  it('refuses a signed-out caller on every procedure that is not for anyone, before reading its input', async () => {
    const visitor = callerFor(scene.database, null) as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
    for (const { path, access } of procedureAccess()) {
      if (access === 'anyone') continue;
      const [domain, name] = path.split('.') as [string, string];
      await expect(visitor[domain]![name]!({}), path).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

/** A private community with its owner, two members, an applicant, a removed member and a stranger; a post, comment and message by the member. */
const world = () => createTestWorld(scene.database);

type World = TestWorld;
const allowed = (w: World, rule: ScopedRule, input: Record<string, unknown>, userId: string) =>
  authorize(scene.database.db, input, userId, rule).then(
    () => 'allowed',
    (error: { code: string; message: string }) => `${error.code}: ${error.message}`,
  );

describe('the scoped rules, against a real community', () => {
  it('member: approved members and the owner; not an applicant or a stranger', async () => {
    const w = await world();
    const input = { communityId: w.community.id };
    expect(await allowed(w, 'member', input, w.owner)).toBe('allowed');
    expect(await allowed(w, 'member', input, w.member)).toBe('allowed');
    expect(await allowed(w, 'member', input, w.applicant)).toBe(`FORBIDDEN: ${COMMUNITY_MESSAGES.membersOnly}`);
    expect(await allowed(w, 'member', input, w.stranger)).toBe(`FORBIDDEN: ${COMMUNITY_MESSAGES.membersOnly}`);
    // Through the post, comment or message the input names.
    expect(await allowed(w, 'member', { postId: w.post.id }, w.stranger)).toBe(`FORBIDDEN: ${COMMUNITY_MESSAGES.membersOnly}`);
    expect(await allowed(w, 'member', { commentId: w.comment.id }, w.other)).toBe('allowed');
  });

  it('owner: the owner only', async () => {
    const w = await world();
    const input = { communityId: w.community.id, userId: w.member };
    expect(await allowed(w, 'owner', input, w.owner)).toBe('allowed');
    expect(await allowed(w, 'owner', input, w.member)).toBe(`FORBIDDEN: ${COMMUNITY_MESSAGES.ownerOnly}`);
    expect(await allowed(w, 'owner', input, w.stranger)).toBe(`FORBIDDEN: ${COMMUNITY_MESSAGES.ownerOnly}`);
  });

  it("author and author-or-moderator: the post's or comment's author; the owner only when moderating", async () => {
    const w = await world();
    expect(await allowed(w, 'author-or-moderator', { postId: w.post.id }, w.member)).toBe('allowed');
    expect(await allowed(w, 'author-or-moderator', { postId: w.post.id }, w.owner)).toBe('allowed');
    expect(await allowed(w, 'author-or-moderator', { postId: w.post.id }, w.other)).toBe(`FORBIDDEN: ${POST_MESSAGES.notAuthor}`);
    expect(await allowed(w, 'author-or-moderator', { commentId: w.comment.id }, w.other)).toBe(`FORBIDDEN: ${POST_MESSAGES.notCommentAuthor}`);
    expect(await allowed(w, 'author-or-moderator', { postId: w.post.id }, w.stranger)).toBe(`FORBIDDEN: ${COMMUNITY_MESSAGES.membersOnly}`);
    expect(await allowed(w, 'author', { postId: w.post.id }, w.owner)).toBe(`FORBIDDEN: ${POST_MESSAGES.notAuthor}`);
    expect(await allowed(w, 'author', { messageId: w.message.id }, w.member)).toBe('allowed');
    expect(await allowed(w, 'author', { messageId: w.message.id }, w.other)).toBe(`FORBIDDEN: ${CHAT_MESSAGES.notSender}`);
    expect(await allowed(w, 'author', { messageId: w.message.id }, w.owner)).toBe(`FORBIDDEN: ${CHAT_MESSAGES.notSender}`);
  });

  it('chat-pair: two members; a message for its two people only, while both belong', async () => {
    const w = await world();
    const pair = (userId: string) => ({ communityId: w.community.id, userId });
    expect(await allowed(w, 'chat-pair', pair(w.other), w.member)).toBe('allowed');
    expect(await allowed(w, 'chat-pair', pair(w.owner), w.member)).toBe('allowed');
    expect(await allowed(w, 'chat-pair', pair(w.applicant), w.member)).toBe(`FORBIDDEN: ${CHAT_MESSAGES.notMembers}`);
    expect(await allowed(w, 'chat-pair', pair(w.member), w.stranger)).toBe(`FORBIDDEN: ${CHAT_MESSAGES.notMembers}`);
    expect(await allowed(w, 'chat-pair', pair(w.member), w.member)).toBe(`BAD_REQUEST: ${CHAT_MESSAGES.self}`);
    expect(await allowed(w, 'chat-pair', { messageId: w.message.id }, w.other)).toBe('allowed');
    expect(await allowed(w, 'chat-pair', { messageId: w.message.id }, w.owner)).toBe(`FORBIDDEN: ${CHAT_MESSAGES.notMembers}`);
    // The other person leaves: the conversation closes for both.
    await callerFor(scene.database, w.other).membership.leave({ communityId: w.community.id });
    expect(await allowed(w, 'chat-pair', { messageId: w.message.id }, w.member)).toBe(`FORBIDDEN: ${CHAT_MESSAGES.notMembers}`);
    expect(await allowed(w, 'author', { messageId: w.message.id }, w.member)).toBe(`FORBIDDEN: ${CHAT_MESSAGES.notMembers}`);
  });

  it('names a missing or malformed thing as not found, in its own words', async () => {
    const w = await world();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await allowed(w, 'member', { communityId: missing }, w.member)).toBe(`NOT_FOUND: ${COMMUNITY_MESSAGES.notFound}`);
    expect(await allowed(w, 'member', { communityId: 'not-a-uuid' }, w.member)).toBe(`NOT_FOUND: ${COMMUNITY_MESSAGES.notFound}`);
    expect(await allowed(w, 'member', { postId: missing }, w.member)).toBe(`NOT_FOUND: ${POST_MESSAGES.notFound}`);
    expect(await allowed(w, 'member', { commentId: missing }, w.member)).toBe(`NOT_FOUND: ${POST_MESSAGES.commentNotFound}`);
    expect(await allowed(w, 'author', { messageId: missing }, w.member)).toBe(`NOT_FOUND: ${CHAT_MESSAGES.notFound}`);
    // Only a string can be an id: a number, or an object that cannot even become a string, finds nothing.
    expect(await allowed(w, 'member', { communityId: 42 }, w.member)).toBe(`NOT_FOUND: ${COMMUNITY_MESSAGES.notFound}`);
    expect(await allowed(w, 'member', { postId: { toString: 1 } }, w.member)).toBe(`NOT_FOUND: ${POST_MESSAGES.notFound}`);
    await expect((callerFor(scene.database, w.member).posts.list as (input: unknown) => Promise<unknown>)({ communityId: { toString: null, valueOf: null } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses an input that names two things, so the check and the work cannot be about different ones', async () => {
    const w = await world();
    const elsewhere = await createTestCommunity(scene.database, w.stranger);
    // The stranger owns `elsewhere`: naming it beside the post does not open the post's community to them.
    expect(await allowed(w, 'member', { communityId: elsewhere.id, postId: w.post.id }, w.stranger)).toBe(`BAD_REQUEST: ${COMMUNITY_MESSAGES.notFound}`);
    // A member of the message's conversation cannot borrow it to read another community's.
    expect(await allowed(w, 'chat-pair', { communityId: elsewhere.id, userId: w.other, messageId: w.message.id }, w.member)).toBe(`BAD_REQUEST: ${COMMUNITY_MESSAGES.notFound}`);
    await expect(
      (callerFor(scene.database, w.member).chat.messages as (input: unknown) => Promise<unknown>)({ communityId: elsewhere.id, userId: w.stranger, messageId: w.message.id }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('the builders, through the router', () => {
  it('a stranger and a plain member are refused the owner procedures; a stranger the member ones', async () => {
    const w = await world();
    const communityId = w.community.id;
    for (const who of [w.stranger, w.member]) {
      await expect(callerFor(scene.database, who).membership.approve({ communityId, userId: w.applicant })).rejects.toMatchObject({ code: 'FORBIDDEN', message: ROLE_MESSAGES.moderatorsOnly });
      await expect(callerFor(scene.database, who).membership.decline({ communityId, userId: w.applicant })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(callerFor(scene.database, who).membership.remove({ communityId, userId: w.other })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    for (const who of [w.stranger, w.applicant]) {
      await expect(callerFor(scene.database, who).membership.members({ communityId })).rejects.toMatchObject({ code: 'FORBIDDEN', message: COMMUNITY_MESSAGES.membersOnly });
      await expect(callerFor(scene.database, who).posts.list({ communityId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(callerFor(scene.database, who).membership.onChange({ communityId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(callerFor(scene.database, who).chat.conversations({ communityId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    // Nothing changed.
    const members = await callerFor(scene.database, w.owner).membership.members({ communityId });
    expect(members.pending.map((m) => m.userId)).toEqual([w.applicant]);
    expect(members.approved).toHaveLength(3);
  });
});
