import type { Queryable } from '@app/db';
import { communities, communityMembers, messages, profiles } from '@app/db/schema';
import { CHAT_MESSAGES, type listMessagesInput } from '@app/shared/chat';
import { mentionedIds, type MentionedPerson } from '@app/shared/mentions';
import { detectVideoKind, type VideoKind } from '@app/shared/video';
import { FILE_TYPES, IMAGE_TYPES } from '@app/shared/uploads';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../core/errors.ts';
import { cursorTime, olderThan, pageOf } from '../platform/cursor.ts';
import { publish } from '../platform/live/publish.ts';
import { mentionedPeople } from '../membership/mentions.ts';
import { open, seal, type ChatKeyring } from './crypto.ts';
import { conversationTopic, inboxTopic } from './events.ts';

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
  /** The text; '[Unreadable message]' when it cannot be decrypted. */
  text: string;
  /** The people the text mentions (filled by withMentions). */
  mentions: MentionedPerson[];
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
    mentions: [],
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

/** The messages with the people their texts mention, read now (a query per community, none without mentions). */
export async function withMentions<M extends ChatMessage>(db: Queryable, list: M[]): Promise<M[]> {
  for (const communityId of new Set(list.map((m) => m.communityId))) {
    const inCommunity = list.filter((m) => m.communityId === communityId);
    const people = await mentionedPeople(db, communityId, inCommunity.map((m) => m.text));
    for (const message of inCommunity) {
      const ids = new Set(mentionedIds(message.text));
      message.mentions = people.filter((p) => ids.has(p.id));
    }
  }
  return list;
}

export async function loadMessage(db: Queryable, messageId: string): Promise<MessageRow> {
  const [row] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!row) throw new AppError('NOT_FOUND', CHAT_MESSAGES.notFound);
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

/** A conversation page, newest first (the caller has checked both people may chat). */
export async function messagePage(db: Queryable, keys: ChatKeyring, me: string, input: z.output<typeof listMessagesInput>) {
  const rows = await db
    .select({ row: messages, cursorAt: cursorTime(messages.createdAt) })
    .from(messages)
    .where(and(conversationOf(input.communityId, me, input.userId), input.cursor ? olderThan(messages.createdAt, messages.id, input.cursor) : undefined))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(input.limit + 1);
  const page = pageOf(
    rows.map(({ row, cursorAt }) => ({ id: row.id, cursorAt, row })),
    input.limit,
  );
  // The other person, on the first page only (older pages never need them again), so a conversation
  // opened from a link or a search names them whatever lists the page holds.
  const [other] = input.cursor
    ? []
    : await db.select({ id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, input.userId));
  return { items: await withMentions(db, page.items.map(({ row }) => readMessage(keys, row))), nextCursor: page.nextCursor, other: other ?? null };
}

const otherParty = (me: string) => sql<string>`case when ${messages.senderId} = ${me}::uuid then ${messages.receiverId} else ${messages.senderId} end`;

/** The person is an approved member (or the owner) of the message's community. */
function belongs(person: SQL | typeof messages.senderId) {
  return sql`exists (select 1 from ${communityMembers} where ${communityMembers.communityId} = ${messages.communityId} and ${communityMembers.userId} = ${person} and ${communityMembers.status} = 'approved')`;
}

/**
 * Messages the caller may still read: those of conversations where both people still belong to the
 * community (what chat.messages requires), so lists, previews and unread counts agree with it.
 */
export function readableBy(me: string): SQL {
  return and(belongs(sql`${me}::uuid`), belongs(otherParty(me)))!;
}

/**
 * The user's conversations, latest first: the other person, the last message (decrypted) and how
 * many of theirs are unread. In one community, or across all (the top bar's dropdown).
 */
export async function conversationList(db: Queryable, keys: ChatKeyring, me: string, communityId: string | null, limit: number) {
  const inScope = and(communityId ? eq(messages.communityId, communityId) : undefined, readableBy(me));
  const other = otherParty(me);
  // The last message of each conversation (community and other person)…
  // (The pair, as least and greatest id, names a conversation without a parameter in the expression.)
  const low = sql`least(${messages.senderId}, ${messages.receiverId})`;
  const high = sql`greatest(${messages.senderId}, ${messages.receiverId})`;
  const latest = db
    .selectDistinctOn([messages.communityId, low, high], { id: messages.id })
    .from(messages)
    .where(and(or(eq(messages.senderId, me), eq(messages.receiverId, me)), inScope))
    .orderBy(messages.communityId, low, high, desc(messages.createdAt), desc(messages.id));
  // …with the other person and the community, latest conversations first…
  const rows = await db
    .select({
      row: messages,
      other: { id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl },
      community: { id: communities.id, name: communities.name },
    })
    .from(messages)
    .innerJoin(profiles, eq(profiles.id, other))
    .innerJoin(communities, eq(communities.id, messages.communityId))
    .where(inArray(messages.id, latest))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  // …and how many of the other person's messages are unread.
  const unread = await db
    .select({ communityId: messages.communityId, senderId: messages.senderId, count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.receiverId, me), isNull(messages.readAt), inScope))
    .groupBy(messages.communityId, messages.senderId);
  const unreadOf = new Map(unread.map((u) => [`${u.communityId}:${u.senderId}`, u.count]));
  const last = await withMentions(db, rows.map(({ row }) => readMessage(keys, row)));
  return rows.map(({ other: person, community }, i) => ({
    other: person,
    community,
    unreadCount: unreadOf.get(`${community.id}:${person.id}`) ?? 0,
    lastMessage: last[i]!,
  }));
}

const IMAGE_MIMES = new Set<string>(IMAGE_TYPES.map((type) => FILE_TYPES[type].mime));

/** Chat images and documents live in their own buckets (spec section 3); the key's type says which. */
export function chatBucketOf(contentType: string): 'chat-images' | 'chat-documents' {
  return IMAGE_MIMES.has(contentType) ? 'chat-images' : 'chat-documents';
}

/** A chat attachment (the caller has checked the viewer is one of the conversation's two people, both still members). */
export async function chatAttachment(db: Queryable, keys: ChatKeyring, messageId: string) {
  const row = await loadMessage(db, messageId);
  if (!row.attachmentKey || !row.attachmentType) throw new AppError('NOT_FOUND', CHAT_MESSAGES.notFound);
  const { fileName } = readMessage(keys, row);
  return { bucket: chatBucketOf(row.attachmentType), key: row.attachmentKey, contentType: row.attachmentType, fileName };
}

/** Announces a change to the conversation, and to both people's inboxes (the top bar on all their tabs and devices). */
export async function announce(
  tx: Queryable,
  row: Pick<MessageRow, 'id' | 'communityId' | 'senderId' | 'receiverId'>,
  type: 'message.created' | 'message.updated' | 'message.deleted',
) {
  await publish(tx, conversationTopic(row.communityId, row.senderId, row.receiverId), { type, messageId: row.id });
  await publish(tx, inboxTopic(row.receiverId), { type: 'inbox', communityId: row.communityId, fromUserId: row.senderId });
  await publish(tx, inboxTopic(row.senderId), { type: 'inbox', communityId: row.communityId, fromUserId: row.senderId });
}
