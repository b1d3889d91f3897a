import type { Queryable } from '@app/db';
import {
  checkouts,
  comments,
  communities,
  communityMembers,
  courses,
  lessonCompletions,
  lessons,
  memberPoints,
  messages,
  notificationMutes,
  notificationPreferences,
  partnerEarnings,
  partnerPayouts,
  partnerReferrals,
  partners,
  payments,
  postCategories,
  posts,
  profiles,
  uploads,
} from '@app/db/schema';
import { levelOf } from '@app/shared/levels';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, gt, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { readMessage } from '../chat/service.ts';
import type { ChatKeyring } from '../chat/crypto.ts';
import { cursorTime, olderThan, pageOf, type Cursor } from '../platform/cursor.ts';

/** Rows read at a time: an export of any size holds one page of a section in memory. */
export const EXPORT_PAGE_SIZE = 500;

/** A section of the archive: a JSON array written a page at a time. */
export type Pages = AsyncIterable<readonly object[]>;

/** Pages newest first by (created_at, id), the way the app's lists page. */
export async function* newestFirst<T extends { id: string; cursorAt: string }>(
  read: (after: SQL | undefined, limit: number) => Promise<T[]>,
  createdAt: AnyColumn,
  id: AnyColumn,
): AsyncGenerator<Omit<T, 'cursorAt'>[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows: T[] = await read(cursor ? olderThan(createdAt, id, cursor) : undefined, EXPORT_PAGE_SIZE + 1);
    const page = pageOf(rows, EXPORT_PAGE_SIZE);
    if (page.items.length) yield page.items;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** Pages in the order of one unique text or uuid key. */
async function* byKey<T>(read: (after: SQL | undefined, limit: number) => Promise<T[]>, key: AnyColumn, keyOf: (row: T) => string) {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after === null ? undefined : gt(key, after), EXPORT_PAGE_SIZE);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = keyOf(rows.at(-1)!);
  }
}

/** The person's profile and what they set about themselves (one object). */
export async function profileOf(db: Queryable, userId: string) {
  const [profile] = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      email: profiles.email,
      fullName: profiles.fullName,
      bio: profiles.bio,
      contactEmail: profiles.contactEmail,
      urls: profiles.urls,
      category: profiles.category,
      language: profiles.language,
      interfaceLanguage: profiles.interfaceLanguage,
      avatarUrl: profiles.avatarUrl,
      hidePresence: profiles.hidePresence,
      createdAt: profiles.createdAt,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile ?? null;
}

/** 'Notify me about', the e-mail switches and the communities muted. */
export async function notificationSettingsOf(db: Queryable, userId: string) {
  const [preferences] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const muted = await db
    .select({ community: communities.name, since: notificationMutes.createdAt })
    .from(notificationMutes)
    .innerJoin(communities, eq(communities.id, notificationMutes.communityId))
    .where(eq(notificationMutes.userId, userId))
    .limit(10_000);
  const { userId: _userId, ...settings } = preferences ?? { userId };
  return { ...settings, mutedCommunities: muted };
}

/** The person's memberships and join requests, with their points and level in each. */
export function membershipsOf(db: Queryable, userId: string): Pages {
  return mapPages(
    newestFirst(
      (after, limit) =>
        db
          .select({
            id: communityMembers.id,
            cursorAt: cursorTime(communityMembers.joinedAt),
            community: communities.name,
            role: communityMembers.role,
            status: communityMembers.status,
            joinedAt: communityMembers.joinedAt,
            paidByCheckout: communityMembers.checkoutId,
            points: memberPoints.points,
            points7d: memberPoints.points7d,
            points30d: memberPoints.points30d,
          })
          .from(communityMembers)
          .innerJoin(communities, eq(communities.id, communityMembers.communityId))
          .leftJoin(memberPoints, and(eq(memberPoints.communityId, communityMembers.communityId), eq(memberPoints.userId, communityMembers.userId)))
          .where(and(eq(communityMembers.userId, userId), after))
          .orderBy(desc(communityMembers.joinedAt), desc(communityMembers.id))
          .limit(limit),
      communityMembers.joinedAt,
      communityMembers.id,
    ),
    (row) => ({ ...row, points: row.points ?? 0, points7d: row.points7d ?? 0, points30d: row.points30d ?? 0, level: levelOf(row.points ?? 0) }),
  );
}

/** Points in communities the person is no longer a member of are kept too: every row of theirs. */
export function pointsOf(db: Queryable, userId: string): Pages {
  return mapPages(
    byKey(
      (after, limit) =>
        db
          .select({ communityId: memberPoints.communityId, community: communities.name, points: memberPoints.points, points7d: memberPoints.points7d, points30d: memberPoints.points30d })
          .from(memberPoints)
          .innerJoin(communities, eq(communities.id, memberPoints.communityId))
          .where(and(eq(memberPoints.userId, userId), after))
          .orderBy(asc(memberPoints.communityId))
          .limit(limit),
      memberPoints.communityId,
      (row) => row.communityId,
    ),
    (row) => ({ ...row, level: levelOf(row.points) }),
  );
}

/** The person's posts, newest first; an attachment by its name in the archive's files/ folder. */
export function postsOf(db: Queryable, userId: string): Pages {
  return newestFirst(
    (after, limit) =>
      db
        .select({
          id: posts.id,
          cursorAt: cursorTime(posts.createdAt),
          community: communities.name,
          category: postCategories.name,
          feeling: posts.feeling,
          content: posts.content,
          attachment: posts.attachmentKey,
          attachmentType: posts.attachmentType,
          createdAt: posts.createdAt,
          updatedAt: posts.updatedAt,
        })
        .from(posts)
        .innerJoin(communities, eq(communities.id, posts.communityId))
        .leftJoin(postCategories, eq(postCategories.id, posts.categoryId))
        .where(and(eq(posts.userId, userId), after))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(limit),
    posts.createdAt,
    posts.id,
  );
}

/** The person's comments, newest first, with the post and community they are on. */
export function commentsOf(db: Queryable, userId: string): Pages {
  return newestFirst(
    (after, limit) =>
      db
        .select({
          id: comments.id,
          cursorAt: cursorTime(comments.createdAt),
          community: communities.name,
          postId: comments.postId,
          replyToId: comments.replyToId,
          content: comments.content,
          createdAt: comments.createdAt,
          editedAt: comments.editedAt,
          deletedAt: comments.deletedAt,
        })
        .from(comments)
        .innerJoin(posts, eq(posts.id, comments.postId))
        .innerJoin(communities, eq(communities.id, posts.communityId))
        .where(and(eq(comments.userId, userId), after))
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(limit),
    comments.createdAt,
    comments.id,
  );
}

const sender = alias(profiles, 'sender');
const receiver = alias(profiles, 'receiver');

/**
 * The messages of every conversation the person is one of the two people of (sent and received),
 * decrypted, newest first: nobody else's conversations.
 */
export function messagesOf(db: Queryable, keys: ChatKeyring, userId: string): Pages {
  return mapPages(
    newestFirst(
      (after, limit) =>
        db
          .select({ id: messages.id, cursorAt: cursorTime(messages.createdAt), row: messages, community: communities.name, from: sender.username, to: receiver.username })
          .from(messages)
          .innerJoin(communities, eq(communities.id, messages.communityId))
          .innerJoin(sender, eq(sender.id, messages.senderId))
          .innerJoin(receiver, eq(receiver.id, messages.receiverId))
          .where(and(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)), after))
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(limit),
      messages.createdAt,
      messages.id,
    ),
    ({ row, community, from, to }) => {
      const message = readMessage(keys, row);
      return {
        id: message.id,
        community,
        from,
        to,
        sentByMe: row.senderId === userId,
        kind: message.kind,
        text: message.text,
        unreadable: message.unreadable,
        videoUrl: message.videoUrl,
        fileName: message.fileName,
        attachment: row.senderId === userId ? row.attachmentKey : null,
        attachmentType: message.attachmentType,
        createdAt: message.createdAt,
        editedAt: message.editedAt,
        readAt: message.readAt,
      };
    },
  );
}

/** The lessons the person completed, by course. */
export function courseProgressOf(db: Queryable, userId: string): Pages {
  return byKey(
    (after, limit) =>
      db
        .select({ lessonId: lessonCompletions.lessonId, community: communities.name, course: courses.title, lesson: lessons.title, completedAt: lessonCompletions.completedAt })
        .from(lessonCompletions)
        .innerJoin(lessons, eq(lessons.id, lessonCompletions.lessonId))
        .innerJoin(courses, eq(courses.id, lessonCompletions.courseId))
        .innerJoin(communities, eq(communities.id, courses.communityId))
        .where(and(eq(lessonCompletions.userId, userId), after))
        .orderBy(asc(lessonCompletions.lessonId))
        .limit(limit),
    lessonCompletions.lessonId,
    (row) => row.lessonId,
  );
}

/** The checkouts the person started for paid communities. */
export function checkoutsOf(db: Queryable, userId: string): Pages {
  return newestFirst(
    (after, limit) =>
      db
        .select({
          id: checkouts.id,
          cursorAt: cursorTime(checkouts.createdAt),
          community: communities.name,
          amountCents: checkouts.amountCents,
          currency: checkouts.currency,
          provider: checkouts.provider,
          status: checkouts.status,
          createdAt: checkouts.createdAt,
          paidAt: checkouts.paidAt,
        })
        .from(checkouts)
        .innerJoin(communities, eq(communities.id, checkouts.communityId))
        .where(and(eq(checkouts.userId, userId), after))
        .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
        .limit(limit),
    checkouts.createdAt,
    checkouts.id,
  );
}

/** The membership payments the person made, with refunds. */
export function paymentsOf(db: Queryable, userId: string): Pages {
  return newestFirst(
    (after, limit) =>
      db
        .select({
          id: payments.id,
          cursorAt: cursorTime(payments.createdAt),
          community: communities.name,
          amountCents: payments.amountCents,
          currency: payments.currency,
          periodStart: payments.periodStart,
          periodEnd: payments.periodEnd,
          provider: payments.provider,
          refundedCents: payments.refundedCents,
          refundedAt: payments.refundedAt,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .innerJoin(communities, eq(communities.id, payments.communityId))
        .where(and(eq(payments.userId, userId), after))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit),
    payments.createdAt,
    payments.id,
  );
}

/** The partner programme, when the person is in it: their code, referrals, ledger and payouts. */
export async function partnerOf(db: Queryable, userId: string) {
  const [partner] = await db.select({ referralCode: partners.referralCode, createdAt: partners.createdAt }).from(partners).where(eq(partners.userId, userId));
  if (!partner) return null;
  return {
    partner,
    referrals: newestFirst(
      (after, limit) =>
        db
          .select({ id: partnerReferrals.id, cursorAt: cursorTime(partnerReferrals.createdAt), community: communities.name, createdAt: partnerReferrals.createdAt })
          .from(partnerReferrals)
          .innerJoin(communities, eq(communities.id, partnerReferrals.communityId))
          .where(and(eq(partnerReferrals.partnerId, userId), after))
          .orderBy(desc(partnerReferrals.createdAt), desc(partnerReferrals.id))
          .limit(limit),
      partnerReferrals.createdAt,
      partnerReferrals.id,
    ),
    ledger: newestFirst(
      (after, limit) =>
        db
          .select({
            id: partnerEarnings.id,
            cursorAt: cursorTime(partnerEarnings.createdAt),
            kind: partnerEarnings.kind,
            community: communities.name,
            baseCents: partnerEarnings.baseCents,
            rateBasisPoints: partnerEarnings.rateBasisPoints,
            amountCents: partnerEarnings.amountCents,
            currency: partnerEarnings.currency,
            createdAt: partnerEarnings.createdAt,
          })
          .from(partnerEarnings)
          .leftJoin(communities, eq(communities.id, partnerEarnings.communityId))
          .where(and(eq(partnerEarnings.partnerId, userId), after))
          .orderBy(desc(partnerEarnings.createdAt), desc(partnerEarnings.id))
          .limit(limit),
      partnerEarnings.createdAt,
      partnerEarnings.id,
    ),
    payouts: newestFirst(
      (after, limit) =>
        db
          .select({ id: partnerPayouts.id, cursorAt: cursorTime(partnerPayouts.createdAt), amountCents: partnerPayouts.amountCents, currency: partnerPayouts.currency, reference: partnerPayouts.reference, createdAt: partnerPayouts.createdAt })
          .from(partnerPayouts)
          .where(and(eq(partnerPayouts.partnerId, userId), after))
          .orderBy(desc(partnerPayouts.createdAt), desc(partnerPayouts.id))
          .limit(limit),
      partnerPayouts.createdAt,
      partnerPayouts.id,
    ),
  };
}

/** The files the person uploaded (avatar, post and chat files, covers…), a page at a time. */
export function uploadsOf(db: Queryable, userId: string) {
  return byKey(
    (after, limit) =>
      db
        .select({ id: uploads.key, bucket: uploads.bucket, key: uploads.key, size: uploads.size, contentType: uploads.contentType, createdAt: uploads.createdAt })
        .from(uploads)
        .where(and(eq(uploads.userId, userId), after))
        .orderBy(asc(uploads.key))
        .limit(limit),
    uploads.key,
    (row) => row.key,
  );
}

async function* mapPages<T, U extends object>(pages: AsyncIterable<readonly T[]>, map: (row: T) => U): AsyncIterable<readonly U[]> {
  for await (const page of pages) yield page.map(map);
}
