import type { SessionEvent } from '../auth/events.ts';
import type { ConversationEvent, InboxEvent } from '../chat/events.ts';
import type { CourseEvent } from '../courses/events.ts';
import type { CommunityEventChange } from '../events/events.ts';
import type { FeedbackTopicEvent } from '../feedback/events.ts';
import type { MembershipEvent } from '../membership/events.ts';
import type { PartnerEvent } from '../partners/events.ts';
import type { LevelEvent } from '../points/events.ts';
import type { FeedTopicEvent } from '../posts/events.ts';

/** Every live event is `{ type, ... }`; each domain declares its own in its events.ts. */
export interface AnyEvent {
  type: string;
}

declare const carries: unique symbol;
/** A topic's name, carrying (in its type only) the events that may be published on it. */
export type Topic<E extends AnyEvent> = string & { readonly [carries]?: E };

/** The events a topic carries. */
export type EventOf<T> = T extends Topic<infer E> ? E : never;

/**
 * Who hears what: a community's members, the two people of a conversation, one person on all their
 * devices, the sockets of one session (by a hash of its id: see auth/session.ts).
 */
export const topics = {
  community: (communityId: string) => `community:${communityId}` as Topic<FeedTopicEvent | MembershipEvent | CourseEvent | CommunityEventChange>,
  /** A conversation: the community and the two people, in a fixed order. */
  conversation: (communityId: string, a: string, b: string) => `conversation:${communityId}:${[a, b].sort().join(':')}` as Topic<ConversationEvent>,
  user: (userId: string) => `user:${userId}` as Topic<InboxEvent | LevelEvent>,
  session: (sessionHash: string) => `session:${sessionHash}` as Topic<SessionEvent>,
  /** The platform's feedback wall: every signed-in person hears of it. */
  feedbackWall: () => 'feedback-wall' as Topic<FeedbackTopicEvent>,
  /** A partner's dashboard: their referred communities' members, their earnings and payouts. */
  partner: (userId: string) => `partner:${userId}` as Topic<PartnerEvent>,
} as const;
