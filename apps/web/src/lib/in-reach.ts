/**
 * Whether `element` lies within `root`'s box (the screen when null) grown by `margin` px at the top
 * and bottom, as an IntersectionObserver with that root margin would say now.
 *
 * A list that loads its next page while an observer says its end is in reach asks this again once a
 * page has arrived: the observer's word may be older than the page just drawn (its next report
 * comes with a later frame), and a busy browser would otherwise load one page more than the reader
 * reached.
 */
export function inReach(element: Element, root: Element | null, margin: { top?: number; bottom?: number }): boolean {
  const box = element.getBoundingClientRect();
  const area = root ? root.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  return box.bottom >= area.top - (margin.top ?? 0) && box.top <= area.bottom + (margin.bottom ?? 0);
}
