import { communityMembers, messages, profiles } from '@app/db/schema';
import { CHAT_MESSAGES } from '@app/shared/chat';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestCommunity, createTestUser, storeTestUpload, testSubscription, useTestDatabase } from '../testing/index.ts';

const scene = useTestDatabase();
let owner: string;
let ana: string;
let ben: string;
let outsider: string;
let pending: string;
let communityId: string;
let otherCommunityId: string;

beforeAll(async () => {
  owner = await createTestUser(scene.database);
  ana = await createTestUser(scene.database);
  ben = await createTestUser(scene.database);
  outsider = await createTestUser(scene.database);
  pending = await createTestUser(scene.database);
  communityId = (await createTestCommunity(scene.database, owner, { membersCount: 3 })).id;
  await scene.database.db.insert(communityMembers).values([
    { communityId, userId: ana, role: 'member', status: 'approved' },
    { communityId, userId: ben, role: 'member', status: 'approved' },
    { communityId, userId: pending, role: 'member', status: 'pending' },
  ]);
  // The outsider belongs to another community only.
  otherCommunityId = (await createTestCommunity(scene.database, outsider)).id;
});

const chat = (userId: string | null) => callerFor(scene.database, userId).chat;

describe('chat', () => {
  it('stores ciphertext only, and both people read the message back', async () => {
    const sent = await chat(ana).send({ communityId, userId: ben, text: 'The secret word is marmalade' });
    expect(sent).toMatchObject({ kind: 'text', text: 'The secret word is marmalade', senderId: ana, receiverId: ben, unreadable: false });
    const [row] = await scene.database.db.select().from(messages).where(eq(messages.id, sent.id));
    expect(row!.content).not.toMatch(/marmalade|secret/i);
    expect(row!.keyId).toBe('k1');
    // Nothing in the whole row, however it is read.
    const [dump] = await scene.database.db.select({ text: sql<string>`row_to_json(messages)::text` }).from(messages).where(eq(messages.id, sent.id));
    expect(dump!.text).not.toContain('marmalade');
    expect((await chat(ben).messages({ communityId, userId: ana })).items[0]!.text).toBe('The secret word is marmalade');
  });

  it('names the other person in the messages’ answer, so a conversation opened from a search or a link knows who it is with', async () => {
    const [person] = await scene.database.db.select({ id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, ben));
    expect((await chat(ana).messages({ communityId, userId: ben })).other).toEqual(person);
  });

  it('refuses a blank message, yourself, a non-member, a pending member and a stranger', async () => {
    await expect(chat(ana).send({ communityId, userId: ben, text: '  ', videoUrl: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: CHAT_MESSAGES.empty });
    await expect(chat(ana).send({ communityId, userId: ana, text: 'me' })).rejects.toMatchObject({ message: CHAT_MESSAGES.self });
    for (const [from, to] of [
      [ana, outsider],
      [outsider, ana],
      [ana, pending],
      [pending, ana],
    ] as const) {
      await expect(chat(from).send({ communityId, userId: to, text: 'hello?' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: CHAT_MESSAGES.notMembers });
    }
    await expect(chat(outsider).messages({ communityId, userId: ana })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(chat(outsider).conversations({ communityId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(chat(null).messages({ communityId, userId: ana })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // A member of another community cannot open a chat there either.
    await expect(chat(ana).send({ communityId: otherCommunityId, userId: outsider, text: 'hi' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('only the sender edits or deletes; the other side sees the change', async () => {
    const sent = await chat(ana).send({ communityId, userId: ben, text: 'tpyo' });
    await expect(chat(ben).edit({ messageId: sent.id, text: 'hijacked' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: CHAT_MESSAGES.notSender });
    await expect(chat(ben).delete({ messageId: sent.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(chat(owner).delete({ messageId: sent.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await chat(ana).edit({ messageId: sent.id, text: 'typo' })).toMatchObject({ text: 'typo', editedAt: expect.any(Date) });
    await chat(ana).delete({ messageId: sent.id });
    expect((await chat(ben).messages({ communityId, userId: ana })).items.map((m) => m.id)).not.toContain(sent.id);
  });

  it('shows a tampered message as unreadable instead of failing the page', async () => {
    const sent = await chat(ben).send({ communityId, userId: ana, text: 'will be tampered' });
    const [row] = await scene.database.db.select().from(messages).where(eq(messages.id, sent.id));
    const parts = row!.content.split('.');
    await scene.database.db
      .update(messages)
      .set({ content: [...parts.slice(0, 3), Buffer.from('forged bytes').toString('base64')].join('.') })
      .where(eq(messages.id, sent.id));
    const page = await chat(ana).messages({ communityId, userId: ben });
    expect(page.items.find((m) => m.id === sent.id)).toMatchObject({ text: '[Unreadable message]', unreadable: true });
  });

  it('sends video links as their own kind, detected by site', async () => {
    const sent = await chat(ana).send({ communityId, userId: ben, videoUrl: 'https://fb.watch/xyz/' });
    expect(sent).toMatchObject({ kind: 'video', videoUrl: 'https://fb.watch/xyz/', videoKind: 'facebook' });
  });

  it("takes an attachment only when it is the sender's own stored upload", async () => {
    await expect(chat(ana).send({ communityId, userId: ben, attachmentKey: `${ben}/notes.pdf` })).rejects.toMatchObject({ message: CHAT_MESSAGES.uploadFailed });
    const key = `${ana}/notes.pdf`;
    await storeTestUpload(scene.database, ana, 'chat-documents', key, Buffer.from('%PDF-1.4'), 'application/pdf');
    const sent = await chat(ana).send({ communityId, userId: ben, attachmentKey: key, fileName: 'Quarterly notes.pdf' });
    expect(sent).toMatchObject({ kind: 'attachment', attachmentType: 'application/pdf', fileName: 'Quarterly notes.pdf', attachmentUrl: `/api/chat/messages/${sent.id}/attachment` });
    const [row] = await scene.database.db.select().from(messages).where(eq(messages.id, sent.id));
    expect(row!.content).not.toContain('Quarterly');
  });

  it('pages 20 at a time, newest first; lists conversations with unread counts; marks them read', async () => {
    const talker = await createTestUser(scene.database);
    await scene.database.db.insert(communityMembers).values({ communityId, userId: talker, role: 'member', status: 'approved' });
    for (let i = 1; i <= 45; i += 1) await chat(talker).send({ communityId, userId: owner, text: `message ${i}` });
    const pages: string[][] = [];
    let cursor = null;
    do {
      const page: Awaited<ReturnType<ReturnType<typeof chat>['messages']>> = await chat(owner).messages({ communityId, userId: talker, cursor });
      pages.push(page.items.map((m) => m.text));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(pages[0]![0]).toBe('message 45');

    const list = await chat(owner).conversations({ communityId });
    expect(list.find((c) => c.other.id === talker)).toMatchObject({ unreadCount: 45, lastMessage: { text: 'message 45' } });
    const recent = await chat(owner).recent();
    expect(recent[0]).toMatchObject({ other: { id: talker }, community: { id: communityId }, unreadCount: 45 });
    expect(await chat(owner).unreadTotal()).toBe(45);
    expect(await chat(owner).markRead({ communityId, userId: talker })).toEqual({ read: 45 });
    expect(await chat(owner).unreadTotal()).toBe(0);
    expect((await chat(owner).conversations({ communityId })).find((c) => c.other.id === talker)?.unreadCount).toBe(0);
  });

  it('once removed from a community, its conversations leave recent, the unread badge and the lists, as chat.messages refuses them', async () => {
    const owner2 = await createTestUser(scene.database);
    const removed = await createTestUser(scene.database);
    const stays = await createTestUser(scene.database);
    const other = (await createTestCommunity(scene.database, owner2)).id;
    for (const userId of [removed, stays]) await callerFor(scene.database, userId).membership.join({ communityId: other });
    await chat(stays).send({ communityId: other, userId: removed, text: 'before you were removed' });
    await chat(removed).send({ communityId: other, userId: owner2, text: 'hello owner' });
    expect((await chat(removed).recent()).map((c) => c.lastMessage.text)).toContain('before you were removed');
    expect(await chat(removed).unreadTotal()).toBe(1);

    await callerFor(scene.database, owner2).membership.remove({ communityId: other, userId: removed });
    await chat(stays).send({ communityId: other, userId: owner2, text: 'still here' });
    await expect(chat(removed).messages({ communityId: other, userId: stays })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // The removed person no longer reads these conversations anywhere…
    expect((await chat(removed).recent()).filter((c) => c.community.id === other)).toEqual([]);
    expect(await chat(removed).unreadTotal()).toBe(0);
    // …and the people left behind no longer see a conversation they could not open.
    await expect(chat(owner2).messages({ communityId: other, userId: removed })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await chat(owner2).recent()).map((c) => c.other.id)).not.toContain(removed);
    expect((await chat(owner2).conversations({ communityId: other })).map((c) => c.other.id)).not.toContain(removed);
    expect(await chat(owner2).unreadTotal()).toBe(1);
  });

  it('delivers messages, edits and deletions live to the other person, and only to the pair', async () => {
    await expect(
      testSubscription((signal) => callerFor(scene.database, outsider, { signal }).chat.onConversation({ communityId, userId: ana })).then((sub) => sub.next(1000)),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const benSide = await testSubscription((signal) => callerFor(scene.database, ben, { signal }).chat.onConversation({ communityId, userId: ana }));
    // (Earlier tests' events on this conversation may still be on their way: wait for this test's.)
    const about = (id: string) => (data: Record<string, unknown>) => (data.message as { id?: string } | undefined)?.id === id || data.messageId === id;
    const first = benSide.nextWhere((data) => data.type === 'message.created' && (data.message as { text: string }).text === 'live hello');
    const sent = await chat(ana).send({ communityId, userId: ben, text: 'live hello' });
    expect((await first).data).toMatchObject({ type: 'message.created', message: { id: sent.id, text: 'live hello' } });
    await chat(ana).edit({ messageId: sent.id, text: 'live hello (edited)' });
    expect((await benSide.nextWhere(about(sent.id))).data).toMatchObject({ type: 'message.updated', message: { id: sent.id, text: 'live hello (edited)' } });
    await chat(ana).delete({ messageId: sent.id });
    expect((await benSide.nextWhere(about(sent.id))).data).toEqual({ type: 'message.deleted', messageId: sent.id });
    benSide.close();
  });
});
