import { describe, expect, it } from 'vitest';
import { chronological, markReadBy, removeMessage, upsertMessage } from './chatCache.ts';
import type { ChatMessage } from './types.ts';

const ANA = 'a0000000-0000-4000-8000-000000000001';
const BEN = 'b0000000-0000-4000-8000-000000000002';

function message(id: string, from = ANA, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    communityId: 'c1',
    senderId: from,
    receiverId: from === ANA ? BEN : ANA,
    kind: 'text',
    text: `message ${id}`,
    mentions: [],
    unreadable: false,
    videoUrl: null,
    videoKind: null,
    fileName: null,
    attachmentType: null,
    attachmentUrl: null,
    createdAt: new Date('2026-11-23T10:00:00Z'),
    editedAt: null,
    readAt: null,
    ...extra,
  };
}

/** Pages newest first, as chat.messages answers them. */
function conversation(...pages: string[][]) {
  return {
    pages: pages.map((ids, i) => ({ items: ids.map((id) => message(id)), nextCursor: i < pages.length - 1 ? { createdAt: '2026-11-23T09:00:00.000000Z', id: ids.at(-1)! } : null })),
    pageParams: pages.map(() => null),
  };
}

const ids = (data: ReturnType<typeof conversation> | undefined) => chronological(data).map((m) => m.id);

describe('chat cache', () => {
  it('shows the pages oldest first', () => {
    expect(ids(conversation(['5', '4', '3'], ['2', '1']))).toEqual(['1', '2', '3', '4', '5']);
    expect(chronological(undefined)).toEqual([]);
  });

  it('adds a new message at the newest end, once: a send and its live echo share an id', () => {
    const once = upsertMessage(conversation(['2', '1']), message('3'));
    expect(ids(once)).toEqual(['1', '2', '3']);
    const twice = upsertMessage(once, message('3', ANA, { text: 'echo' }));
    expect(ids(twice)).toEqual(['1', '2', '3']);
    expect(chronological(twice).at(-1)!.text).toBe('echo');
    // The cursors of older pages are untouched.
    expect(twice!.pages[0]!.nextCursor).toEqual(conversation(['2', '1'])!.pages[0]!.nextCursor);
    expect(upsertMessage(undefined, message('1'))).toBeUndefined();
  });

  it('replaces an edited message where it is, even on an older page', () => {
    const data = upsertMessage(conversation(['4', '3'], ['2', '1']), message('1', ANA, { text: 'edited', editedAt: new Date() }));
    expect(ids(data)).toEqual(['1', '2', '3', '4']);
    expect(chronological(data)[0]!.text).toBe('edited');
  });

  it('removes a deleted message from whichever page holds it', () => {
    expect(ids(removeMessage(conversation(['4', '3'], ['2', '1']), '2'))).toEqual(['1', '3', '4']);
    expect(ids(removeMessage(conversation(['2', '1']), 'missing'))).toEqual(['1', '2']);
  });

  it('marks as read only the unread messages the reader received', () => {
    const earlier = new Date('2026-11-23T09:30:00Z');
    const data = {
      pages: [{ items: [message('3', ANA), message('2', BEN), message('1', ANA, { readAt: earlier })], nextCursor: null }],
      pageParams: [null],
    };
    const now = new Date('2026-11-23T11:00:00Z');
    const read = chronological(markReadBy(data, BEN, now));
    expect(read.map((m) => m.readAt)).toEqual([earlier, null, now]);
  });
});
