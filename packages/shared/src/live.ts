/**
 * Sent by any live subscription to a client that asks to resume from further back than the server
 * replays (or from an id it never saw): it refetches what it shows, then carries on live.
 */
export const LIVE_RESET = 'live.reset';

export interface LiveReset {
  type: typeof LIVE_RESET;
}

export function isLiveReset(data: { type: string }): data is LiveReset {
  return data.type === LIVE_RESET;
}

/**
 * Where live events stood as the server read a member's page (`<last event id>@<milliseconds>`, by
 * the server's clock): the page's subscriptions start from it, as `lastEventId`, and the server sends
 * what came after it on their topic, so what the page shows is not read again as they start. The
 * time bounds it: a position older than the replay window gets a reset (and the page refetches).
 */
export interface LivePosition {
  afterId: number;
  takenAt: number;
}

export function livePositionText({ afterId, takenAt }: LivePosition): string {
  return `${afterId}@${takenAt}`;
}

/** A `lastEventId`: an event's id (a reconnect), or a page's position (its first start). */
export function parseLastEventId(text: string): { afterId: number; takenAt?: number } {
  const [id = '', at] = text.split('@');
  return at === undefined ? { afterId: Number(id) } : { afterId: Number(id), takenAt: Number(at) };
}
