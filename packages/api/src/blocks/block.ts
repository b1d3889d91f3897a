import { personBlocks, profiles } from '@app/db/schema';
import { BLOCK_MESSAGES, blockInput, BLOCKS_MAX } from '@app/shared/blocks';
import { eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { protectedProcedure } from '../core/trpc.ts';
import { publish } from '../platform/live/publish.ts';
import { blocksTopic } from './events.ts';

/**
 * The caller blocks a person (blocking again changes nothing): no chat messages either way, their
 * posts and comments collapsed for the caller, no @mentions of the caller by them. At most
 * BLOCKS_MAX people; the caller's other open pages hear of it.
 */
export const block = protectedProcedure.input(blockInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const me = ctx.user.id;
    if (input.userId === me) throw new AppError('BAD_REQUEST', BLOCK_MESSAGES.self);
    // The blocker's row, locked: two blocks at once cannot both pass the cap.
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, me)).for('no key update');
    const [person] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, input.userId));
    if (!person) throw new AppError('NOT_FOUND', BLOCK_MESSAGES.noSuchPerson);
    if ((await tx.$count(personBlocks, eq(personBlocks.blockerId, me))) >= BLOCKS_MAX) throw new AppError('BAD_REQUEST', BLOCK_MESSAGES.tooMany);
    await tx.insert(personBlocks).values({ blockerId: me, blockedId: input.userId }).onConflictDoNothing();
    await publish(tx, blocksTopic(me), { type: 'blocks.changed' });
  }),
);
