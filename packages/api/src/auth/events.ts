/** A session's own topic: its end (sign-out), heard by every server process holding its sockets. */
export type SessionEvent = { type: 'session.ended' };
