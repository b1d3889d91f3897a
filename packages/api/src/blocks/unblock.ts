import { personBlocks } from '@app/db/schema';
import { blockInput } from '@app/shared/blocks';
import { and, eq } from 'drizzle-orm';
import { protectedProcedure } from '../core/trpc.ts';
import { publish } from '../platform/live/publish.ts';
import { blocksTopic } from './events.ts';

/** The caller lifts a block of theirs (lifting one that is not there changes nothing); their open pages hear of it. */
export const unblock = protectedProcedure.input(blockInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const lifted = await tx
      .delete(personBlocks)
      .where(and(eq(personBlocks.blockerId, ctx.user.id), eq(personBlocks.blockedId, input.userId)))
      .returning({ id: personBlocks.blockedId });
    if (lifted.length > 0) await publish(tx, blocksTopic(ctx.user.id), { type: 'blocks.changed' });
  }),
);
