import { personBlocks, profiles } from '@app/db/schema';
import { BLOCKS_MAX } from '@app/shared/blocks';
import { desc, eq } from 'drizzle-orm';
import { protectedProcedure } from '../core/trpc.ts';

/** The people the caller blocks, newest first (all of them: at most BLOCKS_MAX). */
export const list = protectedProcedure.query(({ ctx }) =>
  ctx.db
    .select({ id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl, blockedAt: personBlocks.createdAt })
    .from(personBlocks)
    .innerJoin(profiles, eq(profiles.id, personBlocks.blockedId))
    .where(eq(personBlocks.blockerId, ctx.user.id))
    .orderBy(desc(personBlocks.createdAt), desc(personBlocks.blockedId))
    .limit(BLOCKS_MAX),
);
