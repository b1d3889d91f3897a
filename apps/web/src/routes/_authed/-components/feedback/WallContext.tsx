import { createContext, use, useState, type ReactNode } from 'react';
import { LiveVersions } from '../../../../components/feed/FeedContext.tsx';

interface WallContextValue {
  /** The signed-in viewer. */
  viewerId: string;
  /** A platform admin, who may remove anyone's feedback and comments (the server checks it again). */
  moderator: boolean;
  /** Live events seen per feedback: a comment count from an event newer than a mutation's answer wins. */
  versions: LiveVersions;
}

const WallContext = createContext<WallContextValue | null>(null);

export function WallProvider({ viewerId, moderator, children }: Omit<WallContextValue, 'versions'> & { children: ReactNode }) {
  const [versions] = useState(() => new LiveVersions());
  return <WallContext value={{ viewerId, moderator, versions }}>{children}</WallContext>;
}

export function useWall() {
  const value = use(WallContext);
  if (!value) throw new Error('useWall must be used inside <WallProvider>.');
  return value;
}

/** What the viewer may do with something `authorId` wrote: authors edit and delete their own, moderators remove anything. */
export function useWallRights(authorId: string) {
  const { viewerId, moderator } = useWall();
  const own = authorId === viewerId;
  return { canEdit: own, canDelete: own || moderator, moderating: !own && moderator };
}
