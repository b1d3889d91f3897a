import { z } from 'zod';
import { lastEventId } from './input.ts';

/** Person-to-person blocks (blocks.block, unblock, list). */

/** How many people one person may block (blocks.list answers them all). */
export const BLOCKS_MAX = 500;

export const BLOCK_MESSAGES = {
  self: 'You cannot block yourself.',
  noSuchPerson: 'There is no such person.',
  tooMany: `You can block at most ${BLOCKS_MAX} people.`,
  /** Chat: the sender blocks the receiver. */
  youBlocked: 'You blocked this person. Unblock them to send a message.',
  /** Chat: the receiver blocks the sender. */
  blockedYou: 'This person does not accept messages from you.',
  /** A text mentions someone who blocks its author. */
  mention: 'You cannot mention this person.',
} as const;

export const blockInput = z.object({ userId: z.uuid({ error: BLOCK_MESSAGES.noSuchPerson }) });
export type BlockInput = z.infer<typeof blockInput>;

/** blocks.onChange: from the last live event received (sent back on reconnect). */
export const blocksChangeInput = z.object({ lastEventId });
