import { useEffect, useRef, type RefObject } from 'react';

/** The players whose end we listen for, by the origin their frames post from. */
const PLAYERS: Record<string, 'youtube' | 'vimeo'> = {
  'https://www.youtube.com': 'youtube',
  'https://www.youtube-nocookie.com': 'youtube',
  'https://player.vimeo.com': 'vimeo',
};

/** The player's address with its postMessage API turned on (YouTube needs `enablejsapi` and our origin). */
export function withPlayerApi(src: string): string {
  const url = new URL(src);
  if (PLAYERS[url.origin] === 'youtube') {
    url.searchParams.set('enablejsapi', '1');
    url.searchParams.set('origin', window.location.origin);
  }
  return url.toString();
}

function parse(data: unknown): Record<string, unknown> | null {
  if (typeof data === 'string') {
    try {
      return JSON.parse(data) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

/** Whether a player's message says the video played to its end. */
export function isEndedMessage(player: 'youtube' | 'vimeo', data: unknown): boolean {
  const message = parse(data);
  if (!message) return false;
  if (player === 'vimeo') return message.event === 'ended';
  if (message.event === 'onStateChange') return message.info === 0;
  const info = message.info as { playerState?: unknown } | null | undefined;
  return message.event === 'infoDelivery' && info?.playerState === 0;
}

/**
 * Calls `onEnded` when the YouTube or Vimeo player in `frame` reaches the end of its video, through
 * the players' postMessage APIs (only messages from that frame, from the player's own origin, count).
 */
export function useVideoEnded(frame: RefObject<HTMLIFrameElement | null>, onEnded: (() => void) | undefined) {
  const latest = useRef(onEnded);
  useEffect(() => {
    latest.current = onEnded;
  });
  const enabled = Boolean(onEnded);
  useEffect(() => {
    const iframe = frame.current;
    if (!enabled || !iframe) return;
    const origin = new URL(iframe.src).origin;
    const player = PLAYERS[origin];
    if (!player) return;
    const subscribe = () => {
      const message = player === 'youtube' ? { event: 'listening', id: iframe.id || 'player', channel: 'widget' } : { method: 'addEventListener', value: 'ended' };
      iframe.contentWindow?.postMessage(JSON.stringify(message), origin);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow || PLAYERS[event.origin] !== player) return;
      if (player === 'vimeo' && parse(event.data)?.event === 'ready') subscribe();
      if (isEndedMessage(player, event.data)) latest.current?.();
    };
    iframe.addEventListener('load', subscribe);
    window.addEventListener('message', onMessage);
    return () => {
      iframe.removeEventListener('load', subscribe);
      window.removeEventListener('message', onMessage);
    };
  }, [frame, enabled]);
}
