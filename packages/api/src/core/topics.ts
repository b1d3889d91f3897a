import { PERSON_TOPIC_PREFIX } from '../platform/auth/events.ts';
import { topic, type AnyEvent, type Topic } from '../platform/live/topic.ts';

/**
 * A member's membership ended (they left, or the owner removed them). Published by the membership
 * domain; it ends every subscription of theirs to the community's topic, whatever domain's.
 */
export type MembershipEnded = { type: 'membership.ended'; userId: string; membersCount: number };

/**
 * The topics several domains publish on. A community's topic carries its feed, membership, courses
 * and calendar events: each domain names the events it publishes and reads in its own view
 * (`communityTopic<FeedTopicEvent>(id)`), and a subscriber's `map` passes over any other type.
 */
export function communityTopic<E extends AnyEvent>(communityId: string): Topic<E | MembershipEnded> {
  return topic(`community:${communityId}`);
}

/** One person on all their devices (chat's inbox, levels' level-ups), read in each domain's own view. */
export function personTopic<E extends AnyEvent>(userId: string): Topic<E> {
  return topic(`${PERSON_TOPIC_PREFIX}${userId}`);
}
