import { PRESENCE_CACHE_MS, PRESENCE_IDS_MAX } from '@app/shared/constants';
import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTRPC } from '../../lib/trpc.ts';
import { type OnlinePeople, PresenceContext, type ShownPeople as Shown } from './context.ts';
import { usePageAlive } from '../../lib/page-alive.ts';

/** The backstop when no live event comes (a server process that died tells no one): presence is asked again this often. */
const REFETCH_EVERY_MS = 20_000;
/** At most this many people's dots are asked about (five calls of 100): a page shows fewer avatars. */
const ASKED_MAX = 5 * PRESENCE_IDS_MAX;
/** A live `presence.changed` makes every open page refetch: spread over this long, so a big community's pages do not all ask at once. */
const SPREAD_MS = 2000;

/** The people whose avatars a page shows, gathered as the avatars mount and unmount. */
class ShownPeople implements Shown {
  readonly #counts = new Map<string, number>();
  readonly #listeners = new Set<() => void>();
  #ids: readonly string[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  /** Whether the list has been told once: presence is first asked about it then, not about the empty list before. */
  #published = false;

  add(id: string) {
    this.#counts.set(id, (this.#counts.get(id) ?? 0) + 1);
    this.#changed();
  }

  remove(id: string) {
    const count = (this.#counts.get(id) ?? 0) - 1;
    if (count > 0) this.#counts.set(id, count);
    else this.#counts.delete(id);
    this.#changed();
  }

  /** Tells the list in a moment (with the avatars mounting now), changed or not: the page is alive, and presence is asked. */
  settle() {
    this.#changed();
  }

  published = () => this.#published;

  // Many avatars mount in one render: one new list for all of them.
  #changed() {
    if (this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      const ids = [...this.#counts.keys()].sort().slice(0, ASKED_MAX);
      if (this.#published && ids.join() === this.#ids.join()) return;
      this.#published = true;
      this.#ids = ids;
      for (const listener of this.#listeners) listener();
    }, 50);
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  ids = () => this.#ids;
}

/** The answer of the last asking, told to the avatars whose person it changed. */
class Online implements OnlinePeople {
  #ids: ReadonlySet<string> = new Set();
  #count: number | undefined;
  readonly #listeners = new Set<() => void>();

  set(ids: ReadonlySet<string>, count: number | undefined) {
    this.#ids = ids;
    this.#count = count;
    for (const listener of this.#listeners) listener();
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  has = (id: string) => this.#ids.has(id);
  count = () => this.#count;
}

/**
 * Who is online in one community, for the avatars and the count inside it: asks `membership.online`
 * about the people its avatars show (a hundred a call), again on a live `presence.changed`
 * (`useRefetchPresence`) and every 20 seconds. Outside it avatars show no dot.
 */
export function PresenceProvider({ communityId, children }: { communityId: string; children: ReactNode }) {
  const trpc = useTRPC();
  const [shown] = useState(() => new ShownPeople());
  const ids = useSyncExternalStore(shown.subscribe, shown.ids, shown.ids);
  const alive = usePageAlive();
  useEffect(() => {
    if (alive) shown.settle();
  }, [alive, shown]);
  const chunks = useMemo(() => {
    const list: string[][] = [];
    for (let i = 0; i < ids.length; i += PRESENCE_IDS_MAX) list.push(ids.slice(i, i + PRESENCE_IDS_MAX));
    return list.length > 0 ? list : [[]];
  }, [ids]);
  const results = useQueries({
    queries: chunks.map((userIds) => ({
      ...trpc.membership.online.queryOptions({ communityId, userIds }),
      placeholderData: keepPreviousData,
      refetchInterval: REFETCH_EVERY_MS,
      staleTime: 0,
      // Asked once the page is alive (the dots it brings would make a page being hydrated hydrate at
      // once), about the avatars it shows then: one call, not one about nobody and another a moment later.
      enabled: alive && shown.published(),
    })),
  });
  const count = results[0]?.data?.count;
  const onlineKey = results.flatMap((result) => result.data?.online ?? []).join();
  const [online] = useState(() => new Online());
  useEffect(() => online.set(new Set(onlineKey ? onlineKey.split(',') : []), count), [online, onlineKey, count]);
  const [value] = useState(() => ({ online, shown }));
  return <PresenceContext.Provider value={value}>{children}</PresenceContext.Provider>;
}

/**
 * What a live `presence.changed` calls: this page asks again once every process's cached read from
 * before the change is over (PRESENCE_CACHE_MS), at a random moment of the next two seconds.
 * `{ now: true }` asks at once (the subscription started: catching up, not told of a change).
 */
export function useRefetchPresence(): (options?: { now?: boolean }) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(pending.current ?? undefined), []);
  return useCallback(
    ({ now = false } = {}) => {
      const refetch = () => void queryClient.invalidateQueries({ queryKey: trpc.membership.online.pathKey() });
      if (now) return refetch();
      pending.current ??= setTimeout(() => {
        pending.current = null;
        refetch();
      }, PRESENCE_CACHE_MS + Math.random() * SPREAD_MS);
    },
    [queryClient, trpc],
  );
}
