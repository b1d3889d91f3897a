/**
 * Video links (spec section 5): YouTube and Vimeo watch, short and embed links in embed form; posts
 * also embed TikTok videos found in their text.
 */

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{6,12}$/;
const TIKTOK_ID = /^\d{8,25}$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const TIKTOK_HOSTS = new Set(['tiktok.com', 'www.tiktok.com', 'm.tiktok.com']);

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

function tiktokEmbed(url: URL): string | null {
  if (!TIKTOK_HOSTS.has(url.hostname.toLowerCase())) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  // tiktok.com/@user/video/ID, or an embed link: tiktok.com/embed/ID and tiktok.com/embed/v2/ID.
  let id: string | undefined;
  if (segments[0]?.startsWith('@') && segments[1] === 'video') id = segments[2];
  else if (segments[0] === 'embed') id = segments[1] === 'v2' ? segments[2] : segments[1];
  return id && TIKTOK_ID.test(id) ? `https://www.tiktok.com/embed/v2/${id}` : null;
}

/**
 * The embeddable form of a YouTube or Vimeo link (watch, short, shorts or embed links), or null
 * when the link is not one of those ('Video URL is not embeddable.'). Community videos are these two.
 */
export function toEmbedUrl(raw: string | null | undefined): string | null {
  const embed = toVideoEmbed(raw);
  return embed && embed.provider !== 'tiktok' ? embed.embedUrl : null;
}

export const VIDEO_NOT_EMBEDDABLE = 'Video URL is not embeddable.';

export type VideoProvider = 'youtube' | 'vimeo' | 'tiktok';

export interface VideoEmbed {
  provider: VideoProvider;
  /** The player's address, for an iframe. */
  embedUrl: string;
}

/** A video link in embed form: YouTube, Vimeo or TikTok (video pages; short vm.tiktok.com links cannot be resolved offline). */
export function toVideoEmbed(raw: string | null | undefined): VideoEmbed | null {
  if (!raw) return null;
  const url = parse(raw);
  if (!url) return null;
  const youtube = youtubeId(url);
  if (youtube !== null) return YOUTUBE_ID.test(youtube) ? { provider: 'youtube', embedUrl: `https://www.youtube.com/embed/${youtube}` } : null;
  const vimeo = vimeoEmbed(url);
  if (vimeo) return { provider: 'vimeo', embedUrl: vimeo };
  const tiktok = tiktokEmbed(url);
  return tiktok ? { provider: 'tiktok', embedUrl: tiktok } : null;
}

/** What a player stands in for until it is asked to play: where to watch the video, and its picture if the provider has one at a known address. */
export interface VideoPoster {
  provider: 'youtube' | 'vimeo';
  /** The video's own page, for a link beside the player (and instead of it when it cannot load). */
  watchUrl: string;
  /** YouTube's still of the video; null for Vimeo (whose pictures need its API). */
  thumbnailUrl: string | null;
}

/** The poster of a YouTube or Vimeo player address (from toEmbedUrl), or null for any other. */
export function videoPosterOf(embedUrl: string): VideoPoster | null {
  const url = parse(embedUrl);
  if (!url) return null;
  const youtube = youtubeId(url);
  if (youtube !== null && YOUTUBE_ID.test(youtube)) {
    return { provider: 'youtube', watchUrl: `https://www.youtube.com/watch?v=${youtube}`, thumbnailUrl: `https://i.ytimg.com/vi/${youtube}/hqdefault.jpg` };
  }
  const vimeo = vimeoEmbed(url);
  if (!vimeo) return null;
  const player = new URL(vimeo);
  const id = player.pathname.split('/').pop()!;
  const hash = player.searchParams.get('h');
  return { provider: 'vimeo', watchUrl: `https://vimeo.com/${id}${hash ? `/${hash}` : ''}`, thumbnailUrl: null };
}

export interface TextLink {
  /** The link as written, without the punctuation that ends its sentence. */
  text: string;
  /** Where it leads: `text`, with https:// put before a bare 'www.' link. */
  href: string;
  start: number;
  end: number;
}

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
const TRAILING = '.,;:!?\'"»›)]}';

const count = (text: string, char: string) => text.split(char).length - 1;

/** Drops sentence punctuation after a link ('see https://x.com/a.'), keeping a ')' the link opened ('wiki/Foo_(bar)'). */
function trimLink(raw: string): string {
  let value = raw;
  while (value.length > 0 && TRAILING.includes(value.at(-1)!)) {
    if (value.endsWith(')') && count(value, '(') >= count(value, ')')) break;
    value = value.slice(0, -1);
  }
  return value;
}

/** The http(s) and 'www.' links in a text, in order (for making them clickable). */
export function findLinks(text: string): TextLink[] {
  const links: TextLink[] = [];
  for (const match of text.matchAll(LINK)) {
    const value = trimLink(match[0]);
    const href = /^www\./i.test(value) ? `https://${value}` : value;
    if (!parse(href)?.hostname.includes('.')) continue;
    links.push({ text: value, href, start: match.index, end: match.index + value.length });
  }
  return links;
}

/** The first YouTube, Vimeo or TikTok link in a post's text, in embed form (spec section 5). */
export function findVideoEmbed(text: string): (VideoEmbed & { link: TextLink }) | null {
  for (const link of findLinks(text)) {
    const embed = toVideoEmbed(link.href);
    if (embed) return { ...embed, link };
  }
  return null;
}

/** The spec's chat video kinds: YouTube, Vimeo, Facebook, an mp4/webm/ogg file (html5) or other. */
export type VideoKind = 'youtube' | 'vimeo' | 'facebook' | 'html5' | 'other';

const FACEBOOK_HOSTS = new Set(['facebook.com', 'www.facebook.com', 'm.facebook.com', 'fb.watch']);

/** What kind of video a chat message's link is, by the same host tables the embeds use. */
export function detectVideoKind(raw: string): VideoKind {
  const url = parse(raw);
  if (!url) return 'other';
  const host = url.hostname.toLowerCase();
  if (host === 'youtu.be' || YOUTUBE_HOSTS.has(host)) return 'youtube';
  if (VIMEO_HOSTS.has(host)) return 'vimeo';
  if (FACEBOOK_HOSTS.has(host)) return 'facebook';
  if (/\.(mp4|webm|ogg|ogv)$/i.test(url.pathname)) return 'html5';
  return 'other';
}
