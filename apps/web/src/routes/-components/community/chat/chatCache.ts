import type { ChatMessage } from './types.ts';

/** A conversation's cached pages, newest first (page 0 holds the newest messages). */
interface Pages {
  pages: { items: ChatMessage[] }[];
}

const mapPages = <D extends Pages>(data: D, change: (items: ChatMessage[]) => ChatMessage[]): D => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, items: change(page.items) })),
});

/**
 * Adds a message (a send of ours, or a live one) at the newest end, or replaces it where it already
 * is: the sender's own answer and its live echo carry the same id, so it shows once.
 */
export function upsertMessage<D extends Pages>(data: D | undefined, message: ChatMessage): D | undefined {
  if (!data) return data;
  const present = data.pages.some((page) => page.items.some((item) => item.id === message.id));
  if (present) return mapPages(data, (items) => items.map((item) => (item.id === message.id ? message : item)));
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [message, ...first.items] }, ...rest] };
}

export function removeMessage<D extends Pages>(data: D | undefined, messageId: string): D | undefined {
  if (!data) return data;
  return mapPages(data, (items) => items.filter((item) => item.id !== messageId));
}

/** Marks the messages `readerId` received as read (a read receipt, or our own markRead). */
export function markReadBy<D extends Pages>(data: D | undefined, readerId: string, at: Date): D | undefined {
  if (!data) return data;
  return mapPages(data, (items) => items.map((item) => (item.receiverId === readerId && !item.readAt ? { ...item, readAt: at } : item)));
}

/** Oldest first, for display. */
export function chronological(data: Pages | undefined): ChatMessage[] {
  if (!data) return [];
  return data.pages.flatMap((page) => page.items).reverse();
}
