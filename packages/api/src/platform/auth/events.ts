import { topic } from '../live/topic.ts';

/** A session's own topic: its end (sign-out), heard by every server process holding its sockets. */
export type SessionEvent = { type: 'session.ended' };

/** The sockets of one session, by a hash of its id (see session.ts). */
export const sessionEventsTopic = (sessionHash: string) => topic<SessionEvent>(`session:${sessionHash}`);
