import { polls } from '@app/db/schema';
import { POLL_MESSAGES, closePollInput } from '@app/shared/polls';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { authorOrModeratorProcedure } from '../core/trpc.ts';
import { publish } from '../platform/live/publish.ts';
import { feedTopic } from './events.ts';
import { pollOf } from './polls.ts';

/**
 * The post's author, or the community owner, closes its poll early: no vote is taken after it (a
 * vote already writing finishes first, as it holds the poll's row). Closing a closed poll changes nothing.
 */
export const closePoll = authorOrModeratorProcedure.input(closePollInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const { postId } = input;
    const closed = await tx
      .update(polls)
      .set({ closedAt: sql`now()` })
      .where(and(eq(polls.postId, postId), isNull(polls.closedAt)))
      .returning({ postId: polls.postId });
    const poll = await pollOf(tx, postId, ctx.user.id);
    if (!poll) throw new AppError('NOT_FOUND', POLL_MESSAGES.noPoll);
    if (closed.length > 0) await publish(tx, feedTopic(ctx.community.id), { type: 'poll.updated', postId });
    return { postId, poll };
  }),
);
