import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, detectVideoKind, sendMessageInput } from './chat.ts';

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

describe('sendMessageInput', () => {
  const base = { communityId: '00000000-0000-4000-8000-000000000001', userId: '00000000-0000-4000-8000-000000000002' };
  it('refuses a blank text with a blank link and no file', () => {
    const result = sendMessageInput.safeParse({ ...base, text: '   ', videoUrl: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CHAT_MESSAGES.empty);
  });
  it('accepts a text, a link or a file alone', () => {
    expect(sendMessageInput.safeParse({ ...base, text: 'hi' }).success).toBe(true);
    expect(sendMessageInput.safeParse({ ...base, videoUrl: 'https://vimeo.com/123456789' }).success).toBe(true);
    expect(sendMessageInput.safeParse({ ...base, attachmentKey: 'u/f.pdf' }).success).toBe(true);
    expect(sendMessageInput.safeParse({ ...base, videoUrl: 'javascript:alert(1)' }).error?.issues[0]?.message).toBe(CHAT_MESSAGES.videoUrl);
  });
});
