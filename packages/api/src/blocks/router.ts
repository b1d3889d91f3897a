import { blocksChangeInput } from '@app/shared/blocks';
import type { TRPCRouterRecord } from '@trpc/server';
import { SIGNED_IN_MESSAGE } from '../core/errors.ts';
import { liveSubscription } from '../core/subscription.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { block } from './block.ts';
import { type BlocksEvent, blocksTopic } from './events.ts';
import { list } from './list.ts';
import { unblock } from './unblock.ts';

/** Person-to-person blocks: whom the caller blocks, and their open pages following it. */
export const blocksRouter = {
  block,
  unblock,
  list,
  /** The caller's blocks changed (on another page or device): open pages read blocks.list again. */
  onChange: protectedProcedure.input(blocksChangeInput).subscription(async function* ({ ctx, input, signal }) {
    yield* liveSubscription({
      ctx,
      topic: blocksTopic(ctx.user.id),
      lastEventId: input.lastEventId,
      signal,
      map: (event): BlocksEvent | null => (event.type === 'blocks.changed' ? event : null),
      refusal: SIGNED_IN_MESSAGE,
    });
  }),
} satisfies TRPCRouterRecord;
