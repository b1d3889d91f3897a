import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

/** The people whose avatars a page shows (PresenceProvider asks about them), gathered as avatars mount and unmount. */
export interface ShownPeople {
  add(id: string): void;
  remove(id: string): void;
}

/** Who is online, as PresenceProvider last heard: each avatar follows its own person, not the whole list. */
export interface OnlinePeople {
  subscribe(listener: () => void): () => void;
  has(id: string): boolean;
  /** How many of the community's members are online; undefined while unknown. */
  count(): number | undefined;
}

export interface Presence {
  online: OnlinePeople;
  shown: ShownPeople;
}

/** Light on purpose, and never changing: avatars everywhere read it, the queries are PresenceProvider's. */
export const PresenceContext = createContext<Presence | null>(null);

const noSubscription = () => () => {};

/**
 * Whether `userId` is online in the surrounding community; null outside one, or with no id. Only
 * the avatars whose person came or went draw again when presence changes.
 */
export function useOnline(userId: string | null | undefined): boolean | null {
  const presence = useContext(PresenceContext);
  const shown = presence?.shown;
  useEffect(() => {
    if (!shown || !userId) return;
    shown.add(userId);
    return () => shown.remove(userId);
  }, [shown, userId]);
  const online = presence?.online;
  const isOnline = useSyncExternalStore(
    online?.subscribe ?? noSubscription,
    () => Boolean(userId && online?.has(userId)),
    () => false,
  );
  return online && userId ? isOnline : null;
}

/** How many of the surrounding community's members are online (undefined while unknown or outside one). */
export function useOnlineCount(): number | undefined {
  const online = useContext(PresenceContext)?.online;
  return useSyncExternalStore(
    online?.subscribe ?? noSubscription,
    () => online?.count(),
    () => undefined,
  );
}
