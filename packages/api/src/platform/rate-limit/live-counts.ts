import type { Queryable } from '@app/db';
import { liveConnections, serverProcesses } from '@app/db/schema';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { LiveCap } from './limits.ts';

type Kind = keyof LiveCap;
type Counts = Record<Kind, number>;

/** A process not seen for this long has died: its counts no longer count (housekeeping deletes them). */
export const PROCESS_TIMEOUT_SECONDS = 15;

const none = (): Counts => ({ sockets: 0, subscriptions: 0 });

/**
 * Open WebSockets and live subscriptions per subject, across server processes. Each process counts
 * its own exactly, in memory, as they open and close; `sync()` (about once a second) writes the
 * counts that changed to `live_connections` under the process's id, marks the process seen in
 * `server_processes`, and reads what the other live processes hold for the subjects open here. A
 * process that dies stops being seen, and its rows stop counting after PROCESS_TIMEOUT_SECONDS.
 */
export class LiveCounts {
  readonly processId = crypto.randomUUID();
  readonly #local = new Map<string, Counts>();
  readonly #elsewhere = new Map<string, Counts>();
  readonly #changed = new Set<string>();
  /** Subjects this process has written with a socket open, and those that went from none to some or back since last taken. */
  readonly #written = new Set<string>();
  readonly #flipped = new Set<string>();
  readonly #capOf: (subject: string) => LiveCap;

  constructor(capOf: (subject: string) => LiveCap) {
    this.#capOf = capOf;
  }

  /** What `subject` holds open on every process (this one exactly, the others as of the last sync). */
  count(subject: string, kind: Kind): number {
    return (this.#local.get(subject)?.[kind] ?? 0) + (this.#elsewhere.get(subject)?.[kind] ?? 0);
  }

  /**
   * Opens one `kind` for every subject when each is under its cap, and answers the function that
   * closes it (once, however often it is called); else, with nothing opened, the subject at its cap.
   * A subject new to this process is first looked up in the other processes' counts.
   */
  async open(db: Queryable, subjects: readonly string[], kind: Kind): Promise<{ close: () => void } | { full: string }> {
    const unknown = subjects.filter((subject) => !this.#elsewhere.has(subject));
    if (unknown.length > 0) await this.#readElsewhere(db, unknown);
    const full = subjects.find((subject) => this.count(subject, kind) >= this.#capOf(subject)[kind]);
    if (full !== undefined) return { full };
    for (const subject of subjects) this.#add(subject, kind, 1);
    let open = true;
    const close = () => {
      if (!open) return;
      open = false;
      for (const subject of subjects) this.#add(subject, kind, -1);
    };
    return { close };
  }

  #add(subject: string, kind: Kind, by: number) {
    let counts = this.#local.get(subject);
    if (!counts) {
      counts = none();
      this.#local.set(subject, counts);
    }
    counts[kind] += by;
    this.#changed.add(subject);
  }

  /** Writes this process's changed counts and reads the others' (see the class). */
  async sync(db: Queryable): Promise<void> {
    await db.insert(serverProcesses).values({ id: this.processId }).onConflictDoUpdate({ target: serverProcesses.id, set: { seenAt: sql`now()` } });
    const changed = [...this.#changed].sort();
    this.#changed.clear();
    try {
      const counted = changed.flatMap((subject) => {
        const counts = this.#local.get(subject) ?? none();
        return counts.sockets > 0 || counts.subscriptions > 0 ? [{ processId: this.processId, subject, ...counts }] : [];
      });
      const stillOpen = new Set(counted.map((row) => row.subject));
      const closed = changed.filter((subject) => !stillOpen.has(subject));
      if (counted.length > 0) {
        await db
          .insert(liveConnections)
          .values(counted)
          .onConflictDoUpdate({ target: [liveConnections.processId, liveConnections.subject], set: { sockets: sql`excluded.sockets`, subscriptions: sql`excluded.subscriptions` } });
      }
      if (closed.length > 0) await db.delete(liveConnections).where(and(eq(liveConnections.processId, this.processId), inArray(liveConnections.subject, closed)));
    } catch (error) {
      for (const subject of changed) this.#changed.add(subject);
      throw error;
    }
    for (const subject of changed) {
      const open = (this.#local.get(subject)?.sockets ?? 0) > 0;
      if (open === this.#written.has(subject)) continue;
      if (open) this.#written.add(subject);
      else this.#written.delete(subject);
      this.#flipped.add(subject);
    }
    for (const [subject, counts] of this.#local) if (isEmpty(counts) && !this.#changed.has(subject)) this.#local.delete(subject);
    this.#elsewhere.clear();
    await this.#readElsewhere(db, [...this.#local.keys()]);
  }

  async #readElsewhere(db: Queryable, subjects: readonly string[]): Promise<void> {
    if (subjects.length === 0) return;
    const rows = await db
      .select({
        subject: liveConnections.subject,
        sockets: sql<number>`sum(${liveConnections.sockets})::int`,
        subscriptions: sql<number>`sum(${liveConnections.subscriptions})::int`,
      })
      .from(liveConnections)
      .innerJoin(serverProcesses, eq(serverProcesses.id, liveConnections.processId))
      .where(
        and(
          inArray(liveConnections.subject, [...subjects]),
          ne(liveConnections.processId, this.processId),
          gt(serverProcesses.seenAt, sql`now() - make_interval(secs => ${PROCESS_TIMEOUT_SECONDS})`),
        ),
      )
      .groupBy(liveConnections.subject);
    for (const subject of subjects) this.#elsewhere.set(subject, none());
    for (const row of rows) this.#elsewhere.set(row.subject, { sockets: Number(row.sockets), subscriptions: Number(row.subscriptions) });
  }

  /**
   * The subjects whose first socket on this process opened, or last closed, in the database since the
   * last call (their rows written: a reader sees the change), and forgets them.
   */
  takeFlipped(): string[] {
    const flipped = [...this.#flipped];
    this.#flipped.clear();
    return flipped;
  }

  /** The process stops: its rows go (a process that dies without this expires instead). */
  async forget(db: Queryable): Promise<void> {
    await db.delete(serverProcesses).where(eq(serverProcesses.id, this.processId));
  }
}

function isEmpty(counts: Counts | undefined): boolean {
  return !counts || (counts.sockets === 0 && counts.subscriptions === 0);
}
