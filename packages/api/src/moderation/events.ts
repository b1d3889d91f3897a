import { communityTopic } from '../core/topics.ts';

/**
 * On the community's topic: the open reports or the moderation log changed (a report made, a
 * group acted on, any moderation action logged). No ids, no text: moderation.onChange passes it to
 * moderators, admins and the owner only, whose open queue, count and log read again.
 */
export type ModerationEvent = { type: 'moderation.changed' };

/** Moderation's view of the community's topic. */
export const moderationTopic = (communityId: string) => communityTopic<ModerationEvent>(communityId);
