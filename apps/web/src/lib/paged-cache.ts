import type { InfiniteData } from '@tanstack/react-query';

/*
 * Pure updates of cached lists of things with ids: an infinite query's pages (newest first) and a
 * plain list (oldest first, as comments are). Each is safe to apply twice (an item is found by id),
 * because the viewer's own change arrives both as the mutation's answer and as a live event.
 */

interface Identified {
  id: string;
}


export function hasItem<T extends Identified, P extends { items: T[] }, C>(data: InfiniteData<P, C> | undefined, id: string) {
  return Boolean(data?.pages.some((page) => page.items.some((item) => item.id === id)));
}

export function updateItem<T extends Identified, P extends { items: T[] }, C>(
  data: InfiniteData<P, C> | undefined,
  id: string,
  change: (item: T) => Partial<T>,
): InfiniteData<P, C> | undefined {
  if (!data || !hasItem<T, P, C>(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => (page.items.some((item) => item.id === id) ? { ...page, items: page.items.map((item) => (item.id === id ? { ...item, ...change(item) } : item)) } : page)),
  };
}

/** A new item goes on top of the first page, unless it is there already (then it is refreshed in place). */
export function prependItem<T extends Identified, P extends { items: T[] }, C>(data: InfiniteData<P, C> | undefined, item: T): InfiniteData<P, C> | undefined {
  if (!data) return data;
  if (hasItem<T, P, C>(data, item.id)) return updateItem<T, P, C>(data, item.id, () => item);
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [item, ...first.items] }, ...rest] };
}

export function removeItem<T extends Identified, P extends { items: T[] }, C>(data: InfiniteData<P, C> | undefined, id: string): InfiniteData<P, C> | undefined {
  if (!data || !hasItem<T, P, C>(data, id)) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })) };
}

/** A list shown oldest first: a new item goes last, once. */
export function appendToList<T extends Identified>(list: T[] | undefined, item: T): T[] | undefined {
  if (!list || list.some((existing) => existing.id === item.id)) return list;
  return [...list, item];
}

export function removeFromList<T extends Identified>(list: T[] | undefined, id: string): T[] | undefined {
  return list?.some((item) => item.id === id) ? list.filter((item) => item.id !== id) : list;
}

export function updateInList<T extends Identified>(list: T[] | undefined, id: string, change: (item: T) => Partial<T>): T[] | undefined {
  return list?.map((item) => (item.id === id ? { ...item, ...change(item) } : item));
}
