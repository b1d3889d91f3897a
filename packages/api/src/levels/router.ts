import { boardInput, levelsInput, levelUpsInput } from '@app/shared/levels';
import type { TRPCRouterRecord } from '@trpc/server';
import { SIGNED_IN_MESSAGE } from '../core/errors.ts';
import { liveSubscription } from '../core/subscription.ts';
import { memberProcedure, protectedProcedure } from '../core/trpc.ts';
import { leaderboard } from './board.ts';
import { type LevelEvent, levelTopic } from './events.ts';
import { levelsSummary } from './levels.ts';

/** Points, levels and leaderboards: members see their community's, and hear of their own level-ups. */
export const levelsRouter = {
  /** The leaderboard tab's 7-day, 30-day or all-time board, with the viewer's own rank. */
  board: memberProcedure.input(boardInput).query(({ ctx, input }) => leaderboard(ctx.db, ctx.community, ctx.user.id, input.period)),
  /** The levels: thresholds, the share of members at each, and the viewer's progress. */
  summary: memberProcedure.input(levelsInput).query(({ ctx }) => levelsSummary(ctx.db, ctx.community, ctx.user.id)),
  /** The caller reached a new level somewhere (shown as it happens). */
  onLevelUp: protectedProcedure.input(levelUpsInput).subscription(async function* ({ ctx, input, signal }) {
    yield* liveSubscription({
      ctx,
      topic: levelTopic(ctx.user.id),
      lastEventId: input.lastEventId,
      signal,
      map: (event): LevelEvent | null => (event.type === 'level.up' ? event : null),
      refusal: SIGNED_IN_MESSAGE,
    });
  }),
} satisfies TRPCRouterRecord;
