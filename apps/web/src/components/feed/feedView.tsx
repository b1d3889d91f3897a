import type { FeedSort } from '@app/shared/plain/categories';
import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import { useFeed } from './FeedContext.tsx';

/** What the feed shows (issue 24): one category or all ('All': null), in one sort. */
export interface FeedView {
  categoryId: string | null;
  sort: FeedSort;
}

export const DEFAULT_VIEW: FeedView = { categoryId: null, sort: 'new' };

/** Pinned posts lead only 'All' sorted by 'new' (the server puts them first there, and only there). */
export const pinsLead = (view: FeedView) => !view.categoryId && view.sort === 'new';

/** Whether a post belongs under the view's category chip. */
export const inView = (view: FeedView, post: { categoryId: string | null }) => !view.categoryId || post.categoryId === view.categoryId;

interface FeedViewValue {
  view: FeedView;
  setView: (view: FeedView) => void;
}

const FeedViewContext = createContext<FeedViewValue | null>(null);

export function FeedViewProvider({ children }: { children: ReactNode }) {
  const [view, setView] = useState<FeedView>(DEFAULT_VIEW);
  const value = useMemo(() => ({ view, setView }), [view]);
  return <FeedViewContext value={value}>{children}</FeedViewContext>;
}

/** The view chosen above the feed; outside a feed tab (a linked post alone) the default one. */
export function useFeedView(): FeedViewValue {
  return use(FeedViewContext) ?? { view: DEFAULT_VIEW, setView: () => {} };
}

/** Who may pin posts: the community's moderators, admins and owner (the server decides again). */
export function useCanModerate() {
  return useFeed().moderates;
}
