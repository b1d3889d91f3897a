import type { Queryable } from '@app/db';
import { personBlocks } from '@app/db/schema';
import { BLOCK_MESSAGES } from '@app/shared/blocks';
import { and, eq, inArray, or, sql, type Column, type SQL } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';

/** SQL: `blocker` blocks `blocked` (each a column or a value). */
export const blocks = (blocker: SQL | Column, blocked: SQL | Column): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${personBlocks} where ${personBlocks.blockerId} = ${blocker} and ${personBlocks.blockedId} = ${blocked})`;

/**
 * Refuses a chat message from `senderId` to `receiverId` while either blocks the other
 * (FORBIDDEN, saying which: the sender is told to unblock, or that the receiver does not accept).
 */
export async function refuseBlockedChat(db: Queryable, senderId: string, receiverId: string): Promise<void> {
  const rows = await db
    .select({ blockerId: personBlocks.blockerId })
    .from(personBlocks)
    .where(
      or(
        and(eq(personBlocks.blockerId, senderId), eq(personBlocks.blockedId, receiverId)),
        and(eq(personBlocks.blockerId, receiverId), eq(personBlocks.blockedId, senderId)),
      ),
    );
  if (rows.some((r) => r.blockerId === senderId)) throw new AppError('FORBIDDEN', BLOCK_MESSAGES.youBlocked);
  if (rows.length > 0) throw new AppError('FORBIDDEN', BLOCK_MESSAGES.blockedYou);
}

/** Refuses (BAD_REQUEST) a text by `authorId` that mentions someone who blocks them: nothing saved, nobody told. */
export async function refuseBlockedMentions(db: Queryable, authorId: string, mentioned: string[]): Promise<void> {
  if (mentioned.length === 0) return;
  const blockers = await db.$count(personBlocks, and(eq(personBlocks.blockedId, authorId), inArray(personBlocks.blockerId, mentioned)));
  if (blockers > 0) throw new AppError('BAD_REQUEST', BLOCK_MESSAGES.mention);
}
