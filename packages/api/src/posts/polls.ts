import type { Queryable } from '@app/db';
import { pollOptions, polls, pollVotes, posts } from '@app/db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { POLL_MESSAGES, type pollInput } from '@app/shared/polls';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../core/errors.ts';

/**
 * A post's poll: its options, the votes counted by the database (never a number a client sent), and
 * the viewer's own choice. Closed once closed by hand or once its closing time has passed.
 */
export interface PollView {
  closesAt: Date | null;
  closedAt: Date | null;
  closed: boolean;
  options: Array<{ id: string; label: string; votes: number }>;
  totalVotes: number;
  /** The option the viewer chose (null: not voted, or read for every subscriber at once). */
  myChoice: string | null;
}

interface PollJson extends Omit<PollView, 'closesAt' | 'closedAt'> {
  closesAt: string | null;
  closedAt: string | null;
}

/** JSON brings times as text: they become Dates, as every other time the API answers. */
function pollFromJson(value: unknown): PollView | null {
  if (value === null || value === undefined) return null;
  const poll = (typeof value === 'string' ? JSON.parse(value) : value) as PollJson;
  return { ...poll, closesAt: poll.closesAt ? new Date(poll.closesAt) : null, closedAt: poll.closedAt ? new Date(poll.closedAt) : null };
}

/** Open: not closed by hand, and its closing time (if any) still ahead by the database's clock. */
const isOpen = sql<boolean>`(${polls.closedAt} is null and (${polls.closesAt} is null or ${polls.closesAt} > now()))`;

/**
 * The poll of the post `postId` names (a column or an id), as one JSON value read in the query that
 * reads the post (null: the post has none). Counts come from poll_votes, each option's by its index.
 */
export function pollColumn(postId: SQL | AnyPgColumn, viewerId: string) {
  return sql<PollView | null>`(
    select json_build_object(
      'closesAt', p.closes_at, 'closedAt', p.closed_at,
      'closed', not (p.closed_at is null and (p.closes_at is null or p.closes_at > now())),
      'options', (select json_agg(json_build_object('id', o.id, 'label', o.label,
          'votes', (select count(*)::int from ${pollVotes} v where v.option_id = o.id)) order by o.position)
        from ${pollOptions} o where o.post_id = p.post_id),
      'totalVotes', (select count(*)::int from ${pollVotes} v where v.post_id = p.post_id),
      'myChoice', (select v.option_id from ${pollVotes} v where v.post_id = p.post_id and v.user_id = ${viewerId}::uuid))
    from ${polls} p where p.post_id = ${postId})`.mapWith(pollFromJson);
}

/** The poll of a post as `viewerId` sees it now; null when the post has none. */
export async function pollOf(db: Queryable, postId: string, viewerId: string): Promise<PollView | null> {
  const [row] = await db.select({ poll: pollColumn(sql`${postId}::uuid`, viewerId) }).from(posts).where(eq(posts.id, postId));
  return row?.poll ?? null;
}

type PollFields = z.output<typeof pollInput>;

/** Writes a new post's poll (inside the transaction that writes the post). */
export async function createPoll(tx: Queryable, postId: string, poll: PollFields) {
  await tx.insert(polls).values({ postId, closesAt: poll.closesAt ?? null });
  await tx.insert(pollOptions).values(poll.options.map((label, position) => ({ postId, position, label })));
}

/**
 * An edit of a post sets its poll: a post without one gains it; an open poll nobody has voted in
 * takes the new options; after the first vote the options must stay exactly as they are (only the
 * closing time may move), and a closed poll is not changed at all. The poll's row is locked first,
 * so no vote slips in between the count and the change.
 */
export async function setPoll(tx: Queryable, postId: string, poll: PollFields) {
  const [current] = await tx.select({ open: isOpen }).from(polls).where(eq(polls.postId, postId)).for('update');
  if (!current) return createPoll(tx, postId, poll);
  if (!current.open) throw new AppError('CONFLICT', POLL_MESSAGES.closed);
  const options = await tx.select({ label: pollOptions.label }).from(pollOptions).where(eq(pollOptions.postId, postId)).orderBy(pollOptions.position);
  const same = options.length === poll.options.length && options.every((o, i) => o.label === poll.options[i]);
  if (!same) {
    const [voted] = await tx.select({ n: sql<number>`count(*)::int` }).from(pollVotes).where(eq(pollVotes.postId, postId));
    if ((voted?.n ?? 0) > 0) throw new AppError('CONFLICT', POLL_MESSAGES.optionsLocked);
    await tx.delete(pollOptions).where(eq(pollOptions.postId, postId));
    await tx.insert(pollOptions).values(poll.options.map((label, position) => ({ postId, position, label })));
  }
  await tx.update(polls).set({ closesAt: poll.closesAt ?? null }).where(eq(polls.postId, postId));
}

/** Locks a post's poll against closing while a vote is written; says whether it takes votes. */
export async function openPoll(tx: Queryable, postId: string) {
  const [poll] = await tx.select({ open: isOpen }).from(polls).where(eq(polls.postId, postId)).for('share');
  if (!poll) throw new AppError('NOT_FOUND', POLL_MESSAGES.noPoll);
  if (!poll.open) throw new AppError('CONFLICT', POLL_MESSAGES.closed);
}
