import { personTopic } from '../core/topics.ts';

/** On the member's own topic: they reached a new level in a community (their open pages congratulate them). */
export type LevelEvent = { type: 'level.up'; communityId: string; communityName: string; level: number; points: number };

/** Levels' view of a person's topic. */
export const levelTopic = (userId: string) => personTopic<LevelEvent>(userId);
