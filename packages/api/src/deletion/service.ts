import type { Queryable } from '@app/db';
import { communities, profiles } from '@app/db/schema';
import { eraseDate } from '@app/shared/deletion';
import { PROFILE_MESSAGES } from '@app/shared/profiles';
import { and, asc, eq, not } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';

/** The communities a person owns (the partners' forum is the platform's, never theirs to hand over). */
export function ownedCommunities(db: Queryable, userId: string) {
  return db
    .select({ id: communities.id, name: communities.name, membersCount: communities.membersCount })
    .from(communities)
    .where(and(eq(communities.ownerId, userId), not(communities.isForum)))
    .orderBy(asc(communities.name));
}

/**
 * The account's own row, locked until the transaction ends (closing and restoring run one at a time).
 * FOR NO KEY UPDATE: rows elsewhere that name this person (a membership, a log line) take a key-share
 * lock on it, which FOR UPDATE would block, and a close waiting on them in turn would deadlock.
 */
export async function lockAccount(tx: Queryable, userId: string) {
  const [row] = await tx
    .select({ username: profiles.username, closedAt: profiles.closedAt, erasedAt: profiles.erasedAt })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('no key update');
  if (!row || row.erasedAt) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.userNotFound);
  return row;
}

/** What the settings and the restore page show: whether the account is closed, when it is erased, what it owns. */
export async function accountStatus(db: Queryable, userId: string) {
  const [row] = await db.select({ closedAt: profiles.closedAt }).from(profiles).where(eq(profiles.id, userId));
  const closedAt = row?.closedAt ?? null;
  return { closedAt, eraseAt: closedAt ? eraseDate(closedAt) : null, ownedCommunities: await ownedCommunities(db, userId) };
}
