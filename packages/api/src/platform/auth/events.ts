import { topic } from '../live/topic.ts';

export const SESSION_ENDED = 'session.ended';
export const PERSON_CHANGED = 'person.changed';

/** A session's own topic: its end (sign-out), heard by every server process holding its sockets. */
export type SessionEvent = { type: typeof SESSION_ENDED };

/** What a person's session carries of them changed (username, interface language, a closed account restored): every process forgets their kept sessions (session-cache.ts). */
export type PersonChanged = { type: typeof PERSON_CHANGED };

export const SESSION_TOPIC_PREFIX = 'session:';
/** The prefix of a person's topic (`personTopic` in core/topics.ts). */
export const PERSON_TOPIC_PREFIX = 'user:';

/** The sockets of one session, by a hash of its id (see session.ts). */
export const sessionEventsTopic = (sessionHash: string) => topic<SessionEvent>(`${SESSION_TOPIC_PREFIX}${sessionHash}`);

/** A person's own topic, as `personTopic`, in the view of what it says of their sessions. */
export const personEventsTopic = (userId: string) => topic<PersonChanged>(`${PERSON_TOPIC_PREFIX}${userId}`);
