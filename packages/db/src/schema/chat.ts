import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { communityColumn } from './communities.ts';
import { personColumn } from './profiles.ts';

export const messageKind = pgEnum('message_kind', ['text', 'video', 'attachment']);

/**
 * Private messages. `content` is ciphertext only (AES-256-GCM of the message's text, video link
 * and file name; never plain text) and `keyId` names the server key it was made under, so keys can
 * rotate. An attachment is the storage key of an upload in chat-images or chat-documents.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: personColumn('sender_id'),
    receiverId: personColumn('receiver_id'),
    communityId: communityColumn('community_id'),
    kind: messageKind('kind').notNull().default('text'),
    content: text('content').notNull(),
    keyId: text('key_id').notNull(),
    attachmentKey: text('attachment_key'),
    attachmentType: text('attachment_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When an e-mail told the receiver of it (unread after EMAIL_BATCH_SECONDS); told once. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    // A conversation is the unordered pair of users within one community.
    index('messages_conversation_idx').on(
      t.communityId,
      sql`least(${t.senderId}, ${t.receiverId})`,
      sql`greatest(${t.senderId}, ${t.receiverId})`,
      t.createdAt,
      t.id,
    ),
    index('messages_unread_idx').on(t.receiverId, t.communityId).where(sql`${t.readAt} IS NULL`),
    // Unread messages no e-mail told of yet (the e-mail scan's due list).
    index('messages_unemailed_idx').on(t.createdAt).where(sql`${t.readAt} IS NULL AND ${t.emailedAt} IS NULL`),
  ],
);
