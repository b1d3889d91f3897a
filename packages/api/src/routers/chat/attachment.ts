import type { Queryable } from '@app/db';
import { CHAT_MESSAGES } from '@app/shared/chat';
import { TRPCError } from '@trpc/server';
import type { ChatKeyring } from '../../chat/crypto.ts';
import { requireChatPair } from './access.ts';
import { loadMessage, readMessage } from './messages.ts';
import { chatBucketOf } from './write.ts';

/** A chat attachment, for the two people of its conversation while they may chat (the buckets are private). */
export async function chatAttachment(db: Queryable, keys: ChatKeyring, messageId: string, me: string) {
  const row = await loadMessage(db, messageId);
  if (row.senderId !== me && row.receiverId !== me) throw new TRPCError({ code: 'FORBIDDEN', message: CHAT_MESSAGES.notMembers });
  await requireChatPair(db, row.communityId, row.senderId, row.receiverId);
  if (!row.attachmentKey || !row.attachmentType) throw new TRPCError({ code: 'NOT_FOUND', message: CHAT_MESSAGES.notFound });
  const { fileName } = readMessage(keys, row);
  return { bucket: chatBucketOf(row.attachmentType), key: row.attachmentKey, contentType: row.attachmentType, fileName };
}
