import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import i18n from '../i18n/index.ts';

const KEEP = { __html: '' };
const CONTENTS = { display: 'contents' } as const;
const noSubscription = () => () => {};

/**
 * A part of a page with no behaviour of its own (no handlers, links or state: text and pictures).
 * When a page rendered ahead of time hydrates, the part keeps the HTML that arrived instead of being
 * built again in React: less work on the main thread while the page comes alive. Rendered by the
 * browser (after a navigation), it renders as any other part; it also renders for real once the
 * interface language changes, so its text follows.
 */
export function StaticPart({ children }: { children: ReactNode }) {
  // True only while hydrating (React reads the server's value then); false when rendering ahead of
  // time, where the part must be written out.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => typeof window !== 'undefined',
  );
  const [kept, setKept] = useState(hydrating);
  useEffect(() => {
    if (!kept) return;
    const renderForReal = () => setKept(false);
    i18n.on('languageChanged', renderForReal);
    return () => i18n.off('languageChanged', renderForReal);
  }, [kept]);
  return kept ? <div style={CONTENTS} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning /> : <div style={CONTENTS}>{children}</div>;
}
