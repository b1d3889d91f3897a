import type { Queryable } from '@app/db';
import { messages } from '@app/db/schema';
import { CHAT_MESSAGES, detectVideoKind, type VideoKind } from '@app/shared/chat';
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import { open, seal, type ChatKeyring } from '../../chat/crypto.ts';

export type MessageRow = typeof messages.$inferSelect;

/** What is encrypted: everything the sender wrote or named. */
interface Plain {
  text: string;
  videoUrl: string | null;
  fileName: string | null;
}

export interface ChatMessage {
  id: string;
  communityId: string;
  senderId: string;
  receiverId: string;
  kind: 'text' | 'video' | 'attachment';
  /** The text; '[رسالة غير قابلة للقراءة]' when it cannot be decrypted. */
  text: string;
  unreadable: boolean;
  videoUrl: string | null;
  videoKind: VideoKind | null;
  fileName: string | null;
  attachmentType: string | null;
  attachmentUrl: string | null;
  createdAt: Date;
  editedAt: Date | null;
  readAt: Date | null;
}

export function sealMessage(keys: ChatKeyring, communityId: string, a: string, b: string, plain: Plain) {
  return seal(keys, communityId, a, b, JSON.stringify(plain));
}

/** Decrypts a stored message; one that cannot be read becomes the spec's unreadable text, never an error. */
export function readMessage(keys: ChatKeyring, row: MessageRow): ChatMessage {
  const opened = open(keys, row.communityId, row.senderId, row.receiverId, { content: row.content, keyId: row.keyId });
  let plain: Plain | null = null;
  try {
    plain = opened === null ? null : (JSON.parse(opened) as Plain);
  } catch {
    plain = null;
  }
  const videoUrl = plain?.videoUrl ?? null;
  return {
    id: row.id,
    communityId: row.communityId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    kind: row.kind,
    text: plain ? plain.text : CHAT_MESSAGES.unreadable,
    unreadable: plain === null,
    videoUrl,
    videoKind: videoUrl ? detectVideoKind(videoUrl) : null,
    fileName: plain?.fileName ?? null,
    attachmentType: row.attachmentType,
    attachmentUrl: row.attachmentKey ? `/api/chat/messages/${row.id}/attachment` : null,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    readAt: row.readAt,
  };
}

export async function loadMessage(db: Queryable, messageId: string): Promise<MessageRow> {
  const [row] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: CHAT_MESSAGES.notFound });
  return row;
}

/** The messages between `a` and `b` in a community, in the terms of the conversation index. */
export function conversationOf(communityId: string, a: string, b: string) {
  return and(
    eq(messages.communityId, communityId),
    sql`least(${messages.senderId}, ${messages.receiverId}) = least(${a}::uuid, ${b}::uuid)`,
    sql`greatest(${messages.senderId}, ${messages.receiverId}) = greatest(${a}::uuid, ${b}::uuid)`,
  );
}
