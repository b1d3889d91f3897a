import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, sendMessageInput } from './chat.ts';

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
