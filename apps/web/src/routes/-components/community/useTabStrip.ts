import { useCallback, useEffect, useRef } from 'react';

/** Room kept beside the active tab when it is scrolled into view (a hint that more lies beyond). */
const MARGIN = 24;

/**
 * A tab list kept on one row that scrolls sideways: the selected tab is scrolled into view when it
 * changes (a reload on ?tab=leaderboard, a link from the sidebar), and the list says which of its
 * ends hide tabs (data-more-start, data-more-end), so the CSS fades that edge. Works in both
 * directions: it compares the tab's box with the list's box rather than reading scrollLeft, whose
 * sign flips in right-to-left pages.
 */
export function useTabStrip(active: string) {
  // A ref object, not a callback: Mantine merges refs into a new callback each render.
  const listRef = useRef<HTMLDivElement>(null);

  const markEdges = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const box = list.getBoundingClientRect();
    const tabs = list.querySelectorAll<HTMLElement>('[role="tab"]');
    const first = tabs[0]?.getBoundingClientRect();
    const last = tabs[tabs.length - 1]?.getBoundingClientRect();
    if (!first || !last) return;
    // The first tab sits on the start side: left in left-to-right pages, right in right-to-left ones.
    const rtl = first.left > last.left;
    const hiddenLeft = Math.min(first.left, last.left) < box.left - 1;
    const hiddenRight = Math.max(first.right, last.right) > box.right + 1;
    list.toggleAttribute('data-more-start', rtl ? hiddenRight : hiddenLeft);
    list.toggleAttribute('data-more-end', rtl ? hiddenLeft : hiddenRight);
  }, []);

  useEffect(() => {
    // Measured in the next frame, with the layout the browser makes for it anyway: measured here, as
    // the page comes alive, it made the browser lay the whole page out within that one long task.
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      if (!list) return;
      const tab = list.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (tab) {
        // Only sideways, and only the list: scrollIntoView would also move the page.
        const box = list.getBoundingClientRect();
        const place = tab.getBoundingClientRect();
        // Screen coordinates, not a style: the same arithmetic holds right to left.
        if (place.left < box.left) list.scrollLeft += place.left - box.left - MARGIN;
        else if (place.right > box.right) list.scrollLeft += place.right - box.right + MARGIN;
      }
      markEdges();
    });
    return () => cancelAnimationFrame(frame);
  }, [active, markEdges]);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    list.addEventListener('scroll', markEdges, { passive: true });
    const resized = new ResizeObserver(markEdges);
    resized.observe(list);
    return () => {
      list.removeEventListener('scroll', markEdges);
      resized.disconnect();
    };
  }, [markEdges]);

  return listRef;
}
