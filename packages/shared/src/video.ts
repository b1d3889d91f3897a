/** Video links (spec section 5): YouTube and Vimeo watch, short and embed links in embed form. */

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{6,12}$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

function parse(raw: string): URL | null {
  const text = raw.trim();
  if (text === '') return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return segments[0] ?? null;
  if (!YOUTUBE_HOSTS.has(host)) return null;
  if (segments[0] === 'watch') return url.searchParams.get('v');
  if (segments[0] && ['embed', 'shorts', 'live', 'v'].includes(segments[0])) return segments[1] ?? null;
  return null;
}

function vimeoEmbed(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (!VIMEO_HOSTS.has(host)) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  // player.vimeo.com/video/ID, vimeo.com/ID, vimeo.com/ID/HASH (unlisted), vimeo.com/channels/x/ID, ...
  const index = segments.findIndex((s) => VIMEO_ID.test(s));
  if (index < 0) return null;
  if (host === 'player.vimeo.com' && segments[0] !== 'video') return null;
  const id = segments[index] as string;
  const next = segments[index + 1];
  const hash = url.searchParams.get('h') ?? (next && /^[0-9a-f]{6,20}$/i.test(next) ? next : null);
  return `https://player.vimeo.com/video/${id}${hash ? `?h=${encodeURIComponent(hash)}` : ''}`;
}

/**
 * The embeddable form of a YouTube or Vimeo link (watch, short, shorts or embed links), or null
 * when the link is not one of those ('Video URL is not embeddable.').
 */
export function toEmbedUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const url = parse(raw);
  if (!url) return null;
  const id = youtubeId(url);
  if (id !== null) return YOUTUBE_ID.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  return vimeoEmbed(url);
}

export const VIDEO_NOT_EMBEDDABLE = 'Video URL is not embeddable.';
