import type { Queryable } from '@app/db';
import { communities, profiles } from '@app/db/schema';
import { eq, not, type SQL } from 'drizzle-orm';
import { admitMember } from '../membership/service.ts';

/**
 * The partners' forum is a community like any other (its posts, comments, likes, live feed and
 * authorization are the posts domain's), marked `is_forum`: one row, made on first use, that no
 * list, profile or join page shows. Every partner is an approved member of it.
 *
 * A community needs an owner; the forum's is the platform's own profile, which no sign-in can open
 * (its e-mail is no address, and the local sign-in opens only profiles it made) and which has no
 * membership row, so it is neither listed nor counted among the forum's members.
 */
export const FORUM_HOST_ID = '00000000-0000-4000-8000-00000000f0a1';

const FORUM_HOST = {
  id: FORUM_HOST_ID,
  // Not an e-mail address: no sign-in can ever match it. Usernames are letters, digits and '_', so nobody can take this one.
  email: 'forum-host',
  username: 'commonroom-forum',
  fullName: 'Commonroom Partners',
};

const FORUM = {
  name: 'Partner Forum',
  description: 'Questions, ideas and wins from Commonroom partners.',
  category: 'business',
  language: 'english',
};

/** Every community but the forum: for the lists, profiles and pages that must never show it. */
export const notForum: SQL = not(communities.isForum);

/** The forum's id, or null before the first partner made it. */
export async function forumId(db: Queryable): Promise<string | null> {
  const [row] = await db.select({ id: communities.id }).from(communities).where(eq(communities.isForum, true));
  return row?.id ?? null;
}

/** The forum's id, making it (and its host) first if need be; concurrent callers end with the same row. */
export async function ensureForum(tx: Queryable): Promise<string> {
  const existing = await forumId(tx);
  if (existing) return existing;
  await tx.insert(profiles).values(FORUM_HOST).onConflictDoNothing();
  // The partial unique index on is_forum turns a second forum into a no-op.
  await tx
    .insert(communities)
    .values({ ...FORUM, ownerId: FORUM_HOST_ID, isForum: true, isPrivate: true, membersCount: 0, planType: 'unlimited' })
    .onConflictDoNothing();
  const made = await forumId(tx);
  if (!made) throw new Error('the partner forum could not be made');
  return made;
}

/** Makes the partner an approved member of the forum (nothing changes when they already are). */
export async function admitToForum(tx: Queryable, userId: string): Promise<string> {
  const id = await ensureForum(tx);
  await admitMember(tx, id, userId);
  return id;
}
