import type { Database, Db } from '@app/db';
import {
  authAccounts,
  communityMembers,
  feedbacks,
  joinDeclines,
  lessonCompletions,
  memberPoints,
  memberPointsDaily,
  messages,
  notificationMutes,
  notificationPreferences,
  notifications,
  partners,
  posts,
  profiles,
  pushSubscriptions,
  uploads,
} from '@app/db/schema';
import { ACCOUNT_ERASE_DAYS, ERASED_USERNAME_PREFIX } from '@app/shared/deletion';
import type { Storage } from '@app/storage';
import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { HousekeepingLog, HousekeepingTask } from '../platform/jobs/scheduler.ts';
import { endAllSessions } from '../platform/auth/session.ts';
import { deleteObjects, deleteUnreferenced } from '../platform/uploads/service.ts';
import { lockCommunitiesOf } from '../membership/closing.ts';

const DAY_MS = 86_400_000;
/** Accounts erased a round at most; the rest wait for the next round. */
const ACCOUNTS_PER_ROUND = 50;
const UPLOADS_PER_BATCH = 100;

/**
 * Erases one closed account's personal data, in one transaction; false when there is nothing to
 * do (restored meanwhile, or already erased: a second run changes nothing). The profile row stays
 * as a tombstone (username `deleted-<id>`, no name, e-mail, bio, links or picture), so the posts,
 * comments, likes and feedback it wrote stay, shown as from 'Deleted member'; its sign-in
 * identities, sessions, settings, devices, bell, chat messages (both sides of its conversations),
 * memberships, points and progress go. The partner ledger and payments stay as financial records,
 * under the tombstone (the partner's settings go).
 */
async function eraseAccount(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ closedAt: profiles.closedAt, erasedAt: profiles.erasedAt }).from(profiles).where(eq(profiles.id, userId)).for('no key update');
    if (!account?.closedAt || account.erasedAt) return false;
    const tombstone = `${ERASED_USERNAME_PREFIX}${userId}`;
    await tx
      .update(profiles)
      .set({
        username: tombstone,
        email: `${tombstone}@erased.invalid`,
        fullName: null,
        avatarUrl: null,
        contactEmail: null,
        bio: null,
        urls: [],
        category: null,
        language: null,
        interfaceLanguage: null,
        hidePresence: true,
        erasedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, userId));
    await endAllSessions(tx, userId);
    await tx.delete(authAccounts).where(eq(authAccounts.userId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await tx.delete(notifications).where(eq(notifications.recipientId, userId));
    await tx.delete(notificationMutes).where(eq(notificationMutes.userId, userId));
    await tx.delete(messages).where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)));
    // Only memberships kept as 'closed' are left (closing ended the others), none of them counted.
    await lockCommunitiesOf(tx, userId);
    await tx.delete(communityMembers).where(eq(communityMembers.userId, userId));
    await tx.delete(joinDeclines).where(eq(joinDeclines.userId, userId));
    await tx.delete(memberPoints).where(eq(memberPoints.userId, userId));
    await tx.delete(memberPointsDaily).where(eq(memberPointsDaily.userId, userId));
    await tx.delete(lessonCompletions).where(eq(lessonCompletions.userId, userId));
    // Their posts and feedback stay, without the files they attached (deleted below).
    await tx.update(posts).set({ attachmentKey: null, attachmentType: null }).where(and(eq(posts.userId, userId), isNotNull(posts.attachmentKey)));
    await tx.update(feedbacks).set({ mediaUrl: null, mediaType: null }).where(and(eq(feedbacks.userId, userId), isNotNull(feedbacks.mediaUrl)));
    await tx.update(partners).set({ settings: {} }).where(eq(partners.userId, userId));
    return true;
  });
}

/**
 * Deletes the erased person's uploaded files that nothing references any more (their avatar,
 * attachments, chat files), records and objects, through the uploads service. Files they uploaded
 * into a community's courses, events or logo as its admin stay with the community.
 */
async function eraseUploads(db: Db, storage: Storage, userId: string, log?: HousekeepingLog): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await deleteUnreferenced(db, eq(uploads.userId, userId), UPLOADS_PER_BATCH);
    if (rows.length === 0) return removed;
    const { deleted, failed } = await deleteObjects(db, storage, rows);
    removed += deleted.length;
    // The records of those are back: the unreferenced-uploads sweep tries again later.
    if (failed.length) {
      log?.error({ err: failed[0]!.error, userId }, 'deleting an erased account’s files failed');
      return removed;
    }
    if (rows.length < UPLOADS_PER_BATCH) return removed;
  }
}

/**
 * Erases every account closed at least ACCOUNT_ERASE_DAYS before `now` (tests pass a later `now`);
 * resolves with how many it erased. Each account is erased in its own transaction that first
 * checks it is still closed and not yet erased, so a rerun or a restore racing it is harmless.
 */
export async function eraseClosedAccounts(database: Database, storage: Storage, now: Date = new Date(), log?: HousekeepingLog): Promise<number> {
  const due = await database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(isNotNull(profiles.closedAt), isNull(profiles.erasedAt), lte(profiles.closedAt, new Date(now.getTime() - ACCOUNT_ERASE_DAYS * DAY_MS))))
    .orderBy(asc(profiles.closedAt))
    .limit(ACCOUNTS_PER_ROUND);
  let erased = 0;
  for (const { id } of due) {
    if (!(await eraseAccount(database.db, id))) continue;
    erased += 1;
    await eraseUploads(database.db, storage, id, log);
  }
  return erased;
}

/** The housekeeping task (one server process a round, under the scheduler's lease). */
export function accountErasure({ storage, log }: { storage: Storage; log: HousekeepingLog }): HousekeepingTask {
  return { name: 'erase-closed-accounts', everyMs: 60 * 60_000, run: (database) => eraseClosedAccounts(database, storage, new Date(), log) };
}
