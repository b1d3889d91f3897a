/** On the member's own topic: they reached a new level in a community (their open pages congratulate them). */
export type LevelEvent = { type: 'level.up'; communityId: string; communityName: string; level: number; points: number };
