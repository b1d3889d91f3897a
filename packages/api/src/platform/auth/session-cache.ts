import { createHash } from 'node:crypto';
import type { LiveBus } from '../live/bus.ts';
import { PERSON_CHANGED, PERSON_TOPIC_PREFIX, SESSION_ENDED, SESSION_TOPIC_PREFIX } from './events.ts';

/** What a request's session read holds (lucia.ts): the session, and the four columns of its person it carries. */
export interface SessionRow {
  id: string;
  userId: string;
  expiresAt: Date;
  username: string;
  email: string;
  interfaceLanguage: string | null;
  closedAt: Date | null;
}

/** The hash a session's topic is named by (session.ts): live events never hold a session id. */
export const sessionHash = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url');

export interface SessionCache {
  /** The session's row, as kept, or read with `load` (and kept when it is found and nothing was announced meanwhile). */
  read(sessionId: string, load: () => Promise<SessionRow | undefined>): Promise<SessionRow | undefined>;
  /** Lucia renewed the session (sliding expiry): its kept row is renewed too. */
  renewed(sessionId: string, expiresAt: Date): void;
  forget(sessionId: string): void;
  forgetPerson(userId: string): void;
  /** Stops hearing the bus (the app closing). */
  stop(): void;
}

/** Every cache of this process (one per app; a test file may run several): what a call ends or changes here is forgotten at once, before its announcement comes back. */
const caches = new Set<SessionCache>();

/** Forgets a session in every cache of this process (its end is also announced to the others). */
export function forgetSessionHere(sessionId: string): void {
  for (const cache of caches) cache.forget(sessionId);
}

/** Forgets every session of a person in every cache of this process (`person.changed` tells the others). */
export function forgetPersonHere(userId: string): void {
  for (const cache of caches) cache.forgetPerson(userId);
}

interface Entry {
  row: SessionRow;
  hash: string;
  at: number;
}

/**
 * The sessions a process has read lately, so that a member's next requests within `keepMs` cost no
 * statement: every request with a session cookie read its session (with its person's four columns),
 * a sixth of what the database ran under load. A kept session is forgotten the moment it ends or its
 * person changes, whichever process did it: `endSession`/`endAllSessions` announce `session.ended` on
 * the session's topic, and changes to what the row carries (username, interface language, a closed
 * account restored) announce `person.changed` on the person's topic; this process's bus hears both
 * (`watch`) as they commit, and a change made in this process is forgotten here before that. An
 * expired session is refused by lucia from the kept expiry, as from a read one; `keepMs` bounds
 * only how long an end announced nowhere (none is known) could go unseen. A read during which
 * anything was forgotten is not kept, so a row read just before a change cannot outlive it.
 */
export function createSessionCache(live: Pick<LiveBus, 'watch'>, { keepMs = 60_000, most = 10_000, now = () => performance.now() } = {}): SessionCache {
  const entries = new Map<string, Entry>();
  const byHash = new Map<string, string>();
  const byPerson = new Map<string, Set<string>>();
  /** Counts what was forgotten: a read that saw it change is not kept. */
  let forgotten = 0;

  function drop(sessionId: string) {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    byHash.delete(entry.hash);
    const sessions = byPerson.get(entry.row.userId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) byPerson.delete(entry.row.userId);
  }

  function keep(row: SessionRow) {
    drop(row.id);
    if (entries.size >= most) drop(entries.keys().next().value!);
    const hash = sessionHash(row.id);
    entries.set(row.id, { row, hash, at: now() });
    byHash.set(hash, row.id);
    let sessions = byPerson.get(row.userId);
    if (!sessions) byPerson.set(row.userId, (sessions = new Set()));
    sessions.add(row.id);
  }

  const cache: SessionCache = {
    async read(sessionId, load) {
      const entry = entries.get(sessionId);
      if (entry && now() - entry.at < keepMs) return entry.row;
      const before = forgotten;
      const row = await load();
      if (!row) drop(sessionId);
      else if (forgotten === before) keep(row);
      return row;
    },
    renewed(sessionId, expiresAt) {
      const entry = entries.get(sessionId);
      if (entry) entry.row = { ...entry.row, expiresAt };
    },
    forget(sessionId) {
      forgotten += 1;
      drop(sessionId);
    },
    forgetPerson(userId) {
      forgotten += 1;
      for (const sessionId of [...(byPerson.get(userId) ?? [])]) drop(sessionId);
    },
    stop() {
      unwatch();
      caches.delete(cache);
    },
  };
  const unwatchSessions = live.watch(SESSION_TOPIC_PREFIX, (topic, event) => {
    if (event.type !== SESSION_ENDED) return;
    forgotten += 1;
    const sessionId = byHash.get(topic.slice(SESSION_TOPIC_PREFIX.length));
    if (sessionId) drop(sessionId);
  });
  const unwatchPeople = live.watch(PERSON_TOPIC_PREFIX, (topic, event) => {
    if (event.type === PERSON_CHANGED) cache.forgetPerson(topic.slice(PERSON_TOPIC_PREFIX.length));
  });
  const unwatch = () => {
    unwatchSessions();
    unwatchPeople();
  };
  caches.add(cache);
  return cache;
}
