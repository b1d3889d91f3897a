import { pollOptions, pollVotes } from '@app/db/schema';
import { POLL_MESSAGES, votePollInput } from '@app/shared/polls';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { memberProcedure } from '../core/trpc.ts';
import { publish } from '../platform/live/publish.ts';
import { feedTopic } from './events.ts';
import { openPoll, pollOf } from './polls.ts';

/**
 * A member votes in a post's poll, or changes their vote, while it is open: one row per person and
 * poll (its primary key), so concurrent or repeated votes count once; the counts are the database's.
 * A removed member is no longer a member: their earlier vote stays counted, a new one is refused.
 */
export const vote = memberProcedure.input(votePollInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const { postId, optionId } = input;
    await openPoll(tx, postId);
    const [option] = await tx.select({ id: pollOptions.id }).from(pollOptions).where(and(eq(pollOptions.postId, postId), eq(pollOptions.id, optionId)));
    if (!option) throw new AppError('BAD_REQUEST', POLL_MESSAGES.optionNotFound);
    const changed = await tx
      .insert(pollVotes)
      .values({ postId, userId: ctx.user.id, optionId })
      .onConflictDoUpdate({ target: [pollVotes.postId, pollVotes.userId], set: { optionId, votedAt: sql`now()` }, setWhere: sql`${pollVotes.optionId} <> excluded.option_id` })
      .returning({ optionId: pollVotes.optionId });
    if (changed.length > 0) await publish(tx, feedTopic(ctx.community.id), { type: 'poll.updated', postId, voterId: ctx.user.id, optionId });
    return { postId, poll: (await pollOf(tx, postId, ctx.user.id))! };
  }),
);
