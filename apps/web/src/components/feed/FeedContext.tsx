import { createContext, use, useMemo, useState, type ReactNode } from 'react';

/**
 * Which live events each post has seen. A mutation notes the count when it starts; if an event for
 * the post arrived meanwhile, the event's counts are newer than the mutation's answer and win.
 */
export class LiveVersions {
  readonly #seen = new Map<string, number>();

  of(postId: string) {
    return this.#seen.get(postId) ?? 0;
  }

  touch(postId: string) {
    this.#seen.set(postId, this.of(postId) + 1);
  }
}

export interface FeedContextValue {
  communityId: string;
  /** The signed-in viewer. */
  viewerId: string;
  /** The viewer moderates the community (a moderator, an admin or the owner, from membership.status's `can`): removes others' posts and comments, pins. */
  moderates: boolean;
  versions: LiveVersions;
}

const FeedContext = createContext<FeedContextValue | null>(null);

interface FeedProviderProps {
  communityId: string;
  viewerId: string;
  moderates: boolean;
  children: ReactNode;
}

export function FeedProvider({ communityId, viewerId, moderates, children }: FeedProviderProps) {
  const [versions] = useState(() => new LiveVersions());
  // One value while these stay the same, so the posts that read it are not drawn again for nothing.
  const value = useMemo(() => ({ communityId, viewerId, moderates, versions }), [communityId, viewerId, moderates, versions]);
  return <FeedContext value={value}>{children}</FeedContext>;
}

export function useFeed() {
  const value = use(FeedContext);
  if (!value) throw new Error('useFeed must be used inside <FeedProvider>.');
  return value;
}

/** The author and the community's moderators may edit and delete a post or comment; the server checks it again (and the author's rank). */
export function useCanManage(authorId: string) {
  const { viewerId, moderates } = useFeed();
  return moderates || authorId === viewerId;
}
