import type { FeedItem } from '../../lib/paged.ts';

/** The feed caches' tests: a post by Ana, as the server lists it, with `extra` over its defaults. */
export function testPost(id: string, extra: Partial<FeedItem> = {}): FeedItem {
  const at = new Date('2026-11-23T10:00:00Z');
  return {
    id,
    communityId: 'c1',
    content: `post ${id}`,
    mentions: [],
    feeling: null,
    categoryId: null,
    pinnedAt: null,
    createdAt: at,
    updatedAt: at,
    attachmentType: null,
    attachmentUrl: null,
    author: { id: 'u1', username: 'ana', fullName: 'Ana', avatarUrl: null, points: 0 },
    likeCount: 0,
    likedByMe: false,
    commentCount: 0,
    poll: null,
    ...extra,
  };
}
