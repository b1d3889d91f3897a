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
