import { describe, expect, it } from 'vitest';
import { detectVideoKind, findLinks, findVideoEmbed, toEmbedUrl, toVideoEmbed, videoPosterOf } from './video.ts';

describe('video links in embed form (spec section 5)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['  https://youtu.be/dQw4w9WgXcQ  ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
  ])('converts the YouTube link %s', (input, expected) => {
    expect(toEmbedUrl(input)).toBe(expected);
  });

  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://www.vimeo.com/76979871?share=copy', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/76979871/8272103f6e', 'https://player.vimeo.com/video/76979871?h=8272103f6e'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('converts the Vimeo link %s', (input, expected) => {
    expect(toEmbedUrl(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    'not a url at all',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://youtu.be/',
    'https://vimeo.com/about',
    'https://evil-vimeo.com/76979871',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
    // Community videos are YouTube or Vimeo only; TikTok is embedded in posts (toVideoEmbed).
    'https://www.tiktok.com/@someone/video/7212345678901234567',
  ])('refuses %s', (input) => {
    expect(toEmbedUrl(input)).toBeNull();
  });
});

describe('video links in posts: YouTube, Vimeo and TikTok', () => {
  it.each([
    ['https://www.tiktok.com/@someone/video/7212345678901234567', 'https://www.tiktok.com/embed/v2/7212345678901234567'],
    ['https://tiktok.com/@some.one_2/video/7212345678901234567?is_from_webapp=1&sender_device=pc', 'https://www.tiktok.com/embed/v2/7212345678901234567'],
    ['https://m.tiktok.com/@someone/video/7212345678901234567', 'https://www.tiktok.com/embed/v2/7212345678901234567'],
    ['www.tiktok.com/@someone/video/7212345678901234567', 'https://www.tiktok.com/embed/v2/7212345678901234567'],
    ['https://www.tiktok.com/embed/v2/7212345678901234567', 'https://www.tiktok.com/embed/v2/7212345678901234567'],
    ['https://www.tiktok.com/embed/7212345678901234567', 'https://www.tiktok.com/embed/v2/7212345678901234567'],
  ])('converts the TikTok link %s', (input, expected) => {
    expect(toVideoEmbed(input)).toEqual({ provider: 'tiktok', embedUrl: expected });
  });

  it('converts YouTube and Vimeo links as for communities', () => {
    expect(toVideoEmbed('https://youtu.be/dQw4w9WgXcQ')).toEqual({ provider: 'youtube', embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ' });
    expect(toVideoEmbed('https://vimeo.com/76979871')).toEqual({ provider: 'vimeo', embedUrl: 'https://player.vimeo.com/video/76979871' });
  });

  it.each([
    null,
    '',
    'https://www.tiktok.com/@someone',
    'https://www.tiktok.com/@someone/video/',
    'https://www.tiktok.com/@someone/video/not-a-number',
    'https://www.tiktok.com/@someone/photo/7212345678901234567',
    'https://www.tiktok.com/video/7212345678901234567',
    'https://vm.tiktok.com/ZMabcdef/',
    'https://www.tiktok.com.evil.example/@someone/video/7212345678901234567',
    'https://evil-tiktok.com/@someone/video/7212345678901234567',
    'https://www.tiktok.com/embed/v2/7212345678901234567"><script>',
    'javascript:alert(1)//tiktok.com/@a/video/7212345678901234567',
  ])('refuses %s', (input) => {
    expect(toVideoEmbed(input)).toBeNull();
  });
});

describe('links in a text', () => {
  it('finds http(s) and www. links with their positions, in order', () => {
    const text = 'Read https://example.com/a?b=1#c and www.example.org/x, then http://foo.dev.';
    expect(findLinks(text)).toEqual([
      { text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c', start: 5, end: 32 },
      { text: 'www.example.org/x', href: 'https://www.example.org/x', start: 37, end: 54 },
      { text: 'http://foo.dev', href: 'http://foo.dev', start: 61, end: 75 },
    ]);
    for (const link of findLinks(text)) expect(text.slice(link.start, link.end)).toBe(link.text);
  });

  it('leaves sentence punctuation and brackets around a link out of it', () => {
    expect(findLinks('(see https://example.com/page).').map((l) => l.text)).toEqual(['https://example.com/page']);
    expect(findLinks('Wow: https://example.com!!').map((l) => l.text)).toEqual(['https://example.com']);
    expect(findLinks('"https://example.com/q?x=1"').map((l) => l.text)).toEqual(['https://example.com/q?x=1']);
  });

  it('keeps a closing parenthesis the link opened', () => {
    expect(findLinks('https://en.wikipedia.org/wiki/Foo_(bar) is it').map((l) => l.text)).toEqual(['https://en.wikipedia.org/wiki/Foo_(bar)']);
  });

  it('finds links across lines and none in plain text', () => {
    expect(findLinks('one\nhttps://a.example\ntwo').map((l) => l.text)).toEqual(['https://a.example']);
    expect(findLinks('no links here, not even example.com or https://')).toEqual([]);
    expect(findLinks('javascript:alert(1) ftp://files.example.com')).toEqual([]);
  });
});

describe('the first embeddable video link in a post', () => {
  it('skips other links and takes the first video link', () => {
    const text = 'Slides: https://example.com/deck.pdf\nTalk: https://vimeo.com/76979871 and https://youtu.be/dQw4w9WgXcQ';
    expect(findVideoEmbed(text)).toMatchObject({ provider: 'vimeo', embedUrl: 'https://player.vimeo.com/video/76979871', link: { text: 'https://vimeo.com/76979871' } });
  });

  it('finds YouTube and TikTok links in a sentence', () => {
    expect(findVideoEmbed('Watch this (https://www.youtube.com/watch?v=dQw4w9WgXcQ).')?.embedUrl).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(findVideoEmbed('so good www.tiktok.com/@chef/video/7212345678901234567!')?.embedUrl).toBe('https://www.tiktok.com/embed/v2/7212345678901234567');
  });

  it('answers null without an embeddable link', () => {
    expect(findVideoEmbed('')).toBeNull();
    expect(findVideoEmbed('Just text, and https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(findVideoEmbed('https://vm.tiktok.com/ZMabcdef/')).toBeNull();
  });
});

describe('detectVideoKind', () => {
  it('names the spec kinds', () => {
    expect(detectVideoKind('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('youtube');
    expect(detectVideoKind('https://youtu.be/dQw4w9WgXcQ')).toBe('youtube');
    expect(detectVideoKind('https://vimeo.com/123456789')).toBe('vimeo');
    expect(detectVideoKind('https://www.facebook.com/watch/?v=1')).toBe('facebook');
    expect(detectVideoKind('https://fb.watch/abc/')).toBe('facebook');
    expect(detectVideoKind('https://cdn.example.com/clip.MP4')).toBe('html5');
    expect(detectVideoKind('https://cdn.example.com/clip.webm?x=1')).toBe('html5');
    expect(detectVideoKind('https://cdn.example.com/clip.ogg')).toBe('html5');
    expect(detectVideoKind('https://example.com/watch')).toBe('other');
    expect(detectVideoKind('not a url')).toBe('other');
  });
});

describe("a player's poster", () => {
  it("gives YouTube's watch page and still, Vimeo's page (with an unlisted video's hash) and no still", () => {
    expect(videoPosterOf('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual({
      provider: 'youtube',
      watchUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
    expect(videoPosterOf('https://player.vimeo.com/video/76979871')).toEqual({ provider: 'vimeo', watchUrl: 'https://vimeo.com/76979871', thumbnailUrl: null });
    expect(videoPosterOf('https://player.vimeo.com/video/76979871?h=8272103f6e')?.watchUrl).toBe('https://vimeo.com/76979871/8272103f6e');
  });

  it('has none for other addresses', () => {
    expect(videoPosterOf('https://www.tiktok.com/embed/v2/7012345678901234567')).toBeNull();
    expect(videoPosterOf('https://example.com/embed/dQw4w9WgXcQ')).toBeNull();
    expect(videoPosterOf('not a url')).toBeNull();
  });
});
