import type { Queryable } from '@app/db';
import { messages } from '@app/db/schema';
import { CHAT_MESSAGES, conversationInput, editMessageInput, messageIdInput, sendMessageInput } from '@app/shared/chat';
import { isOwnKey } from '@app/storage';
import { contentTypeOfKey, IMAGE_TYPES, FILE_TYPES } from '@app/storage/kinds';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import { publish, topics } from '../../live/publish.ts';
import { protectedProcedure } from '../../trpc.ts';
import { requireChatPair } from './access.ts';
import { loadMessage, readMessage, sealMessage, type MessageRow } from './messages.ts';

const IMAGE_MIMES = new Set<string>(IMAGE_TYPES.map((type) => FILE_TYPES[type].mime));

/** Chat images and documents live in their own buckets (spec section 3); the key's type says which. */
export function chatBucketOf(contentType: string): 'chat-images' | 'chat-documents' {
  return IMAGE_MIMES.has(contentType) ? 'chat-images' : 'chat-documents';
}

/** Announces a change to the conversation, and to both people's inboxes (the top bar on all their tabs and devices). */
async function announce(tx: Queryable, row: Pick<MessageRow, 'id' | 'communityId' | 'senderId' | 'receiverId'>, type: string) {
  await publish(tx, topics.conversation(row.communityId, row.senderId, row.receiverId), type, { messageId: row.id });
  await publish(tx, topics.user(row.receiverId), 'inbox', { communityId: row.communityId, fromUserId: row.senderId });
  await publish(tx, topics.user(row.senderId), 'inbox', { communityId: row.communityId, fromUserId: row.senderId });
}

/** Sends a text, a video link or an attachment to another member; the text is stored encrypted only. */
export const send = protectedProcedure.input(sendMessageInput).mutation(async ({ ctx, input }) => {
  const me = ctx.user.id;
  const community = await requireChatPair(ctx.db, input.communityId, me, input.userId);
  let attachmentType: string | null = null;
  if (input.attachmentKey) {
    attachmentType = contentTypeOfKey(input.attachmentKey);
    const stored = attachmentType && isOwnKey(input.attachmentKey, me) && (await ctx.storage.exists(chatBucketOf(attachmentType), input.attachmentKey));
    if (!stored) throw new TRPCError({ code: 'BAD_REQUEST', message: CHAT_MESSAGES.uploadFailed });
  }
  const kind = input.attachmentKey ? 'attachment' : input.videoUrl ? 'video' : 'text';
  const sealed = sealMessage(ctx.chatKeys, community.id, me, input.userId, {
    text: input.text,
    videoUrl: input.videoUrl || null,
    fileName: input.attachmentKey ? (input.fileName ?? null) : null,
  });
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({ communityId: community.id, senderId: me, receiverId: input.userId, kind, ...sealed, attachmentKey: input.attachmentKey ?? null, attachmentType })
      .returning();
    await announce(tx, row!, 'message.created');
    return readMessage(ctx.chatKeys, row!);
  });
});

/** The message, when the caller sent it and may still chat with the receiver; FORBIDDEN otherwise. */
async function requireSender(db: Queryable, messageId: string, me: string) {
  const row = await loadMessage(db, messageId);
  if (row.senderId !== me) throw new TRPCError({ code: 'FORBIDDEN', message: CHAT_MESSAGES.notSender });
  await requireChatPair(db, row.communityId, me, row.receiverId);
  return row;
}

export const edit = protectedProcedure.input(editMessageInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const row = await requireSender(tx, input.messageId, ctx.user.id);
    const current = readMessage(ctx.chatKeys, row);
    const sealed = sealMessage(ctx.chatKeys, row.communityId, row.senderId, row.receiverId, {
      text: input.text,
      videoUrl: current.unreadable ? null : current.videoUrl,
      fileName: current.unreadable ? null : current.fileName,
    });
    const [updated] = await tx.update(messages).set({ ...sealed, editedAt: new Date() }).where(eq(messages.id, row.id)).returning();
    await announce(tx, updated!, 'message.updated');
    return readMessage(ctx.chatKeys, updated!);
  }),
);

export const remove = protectedProcedure.input(messageIdInput).mutation(async ({ ctx, input }) => {
  const row = await ctx.db.transaction(async (tx) => {
    const found = await requireSender(tx, input.messageId, ctx.user.id);
    await tx.delete(messages).where(eq(messages.id, found.id));
    await announce(tx, found, 'message.deleted');
    return found;
  });
  if (row.attachmentKey && row.attachmentType) await ctx.storage.delete(chatBucketOf(row.attachmentType), row.attachmentKey).catch(() => undefined);
  return { messageId: row.id };
});

/** Marks the other person's messages to the caller as read. */
export const markRead = protectedProcedure.input(conversationInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const me = ctx.user.id;
    await requireChatPair(tx, input.communityId, me, input.userId);
    const read = await tx
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(eq(messages.communityId, input.communityId), eq(messages.senderId, input.userId), eq(messages.receiverId, me), isNull(messages.readAt)))
      .returning({ id: messages.id });
    if (read.length > 0) {
      await publish(tx, topics.conversation(input.communityId, me, input.userId), 'message.read', { readerId: me });
      await publish(tx, topics.user(me), 'inbox', { communityId: input.communityId, fromUserId: input.userId });
    }
    return { read: read.length };
  }),
);
