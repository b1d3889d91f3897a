import { createContext, useContext, useEffect } from 'react';

/** The people whose avatars a page shows (PresenceProvider asks about them), gathered as avatars mount and unmount. */
export interface ShownPeople {
  add(id: string): void;
  remove(id: string): void;
}

export interface Presence {
  /** How many of the community's members are online; undefined while unknown. */
  count: number | undefined;
  online: ReadonlySet<string>;
  shown: ShownPeople;
}

/** Light on purpose: avatars everywhere read it, the queries are PresenceProvider's. */
export const PresenceContext = createContext<Presence | null>(null);

/** Whether `userId` is online in the surrounding community (false outside one, or with no id). */
export function useOnline(userId: string | null | undefined): boolean {
  const presence = useContext(PresenceContext);
  const shown = presence?.shown;
  useEffect(() => {
    if (!shown || !userId) return;
    shown.add(userId);
    return () => shown.remove(userId);
  }, [shown, userId]);
  return Boolean(userId && presence?.online.has(userId));
}

/** How many of the surrounding community's members are online (undefined while unknown or outside one). */
export function useOnlineCount(): number | undefined {
  return useContext(PresenceContext)?.count;
}
