import { personTopic } from '../core/topics.ts';

/** On the blocker's own topic: whom they block changed (their open pages read blocks.list again). */
export type BlocksEvent = { type: 'blocks.changed' };

/** Blocks' view of a person's topic. */
export const blocksTopic = (userId: string) => personTopic<BlocksEvent>(userId);
