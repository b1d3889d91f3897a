import type { Queryable } from '@app/db';
import { callBudgets } from '@app/db/schema';
import { inArray, sql } from 'drizzle-orm';
import type { CallBudgetLimit } from './limits.ts';

interface Bucket {
  /** Calls used, as of `at` (drains at the limit's rate). */
  level: number;
  at: number;
  /** Calls used here since the last sync, not yet added to the shared level. */
  pending: number;
  /** When a call last spent from it here. */
  usedAt: number;
}

/**
 * How long a budget that is whole again is kept after its last call: a member pausing between pages
 * (seconds to a minute) then costs no query to learn their budget again. It is not shared while whole:
 * its next call here counts from this process's level, and the sync after that brings the other
 * processes' use, as for any subject in use here (the one burst between syncs described below).
 */
const KEEP_WHOLE_MS = 60_000;

/** Rows per statement when syncing (three parameters each, well under Postgres's 65,535). */
const SYNC_CHUNK = 5000;

/**
 * Call budgets (leaky buckets) per subject, decided in memory so a call costs no query, and shared
 * by every server process approximately: `sync()` (about once a second) adds the calls used here to
 * the shared level in `call_budgets` and takes back the level all processes made together. Between
 * syncs, processes that see the same subject can let through up to one burst each.
 */
export class CallBudget {
  readonly #buckets = new Map<string, Bucket>();
  readonly #limitOf: (subject: string) => CallBudgetLimit;
  readonly #now: () => number;

  constructor(limitOf: (subject: string) => CallBudgetLimit, now: () => number = () => performance.now()) {
    this.#limitOf = limitOf;
    this.#now = now;
  }

  #bucket(subject: string): Bucket {
    const now = this.#now();
    let bucket = this.#buckets.get(subject);
    if (!bucket) {
      bucket = { level: 0, at: now, pending: 0, usedAt: now };
      this.#buckets.set(subject, bucket);
    }
    bucket.level = Math.max(0, bucket.level - ((now - bucket.at) / 1000) * this.#limitOf(subject).perSecond);
    bucket.at = now;
    return bucket;
  }

  /** The seconds to wait before `cost` calls of every subject fit their budgets; null when they fit now. */
  wait(subjects: readonly string[], cost: number): number | null {
    let wait: number | null = null;
    for (const subject of subjects) {
      const { burst, perSecond } = this.#limitOf(subject);
      const over = this.#bucket(subject).level + cost - burst;
      if (over > 0) wait = Math.max(wait ?? 1, Math.ceil(over / perSecond));
    }
    return wait;
  }

  /** Takes `cost` calls from every subject's budget when all fit (then null); else takes none and answers the seconds to wait. */
  spend(subjects: readonly string[], cost: number): number | null {
    const wait = this.wait(subjects, cost);
    if (wait !== null) return wait;
    for (const subject of subjects) {
      const bucket = this.#bucket(subject);
      bucket.level += cost;
      bucket.pending += cost;
      bucket.usedAt = bucket.at;
    }
    return null;
  }

  /**
   * Reads the shared level of the subjects this process has no budget for yet (one query; none when
   * it knows them all), so a caller new here starts where the other processes left them.
   */
  async learn(db: Queryable, subjects: readonly string[]): Promise<void> {
    const unknown = subjects.filter((subject) => !this.#buckets.has(subject));
    if (unknown.length === 0) return;
    const rows = await db
      .select({ subject: callBudgets.subject, level: sql<number>`greatest(0, ${callBudgets.level} - extract(epoch from now() - ${callBudgets.updatedAt}) * ${callBudgets.perSecond})` })
      .from(callBudgets)
      .where(inArray(callBudgets.subject, unknown));
    for (const subject of unknown) this.#bucket(subject);
    for (const row of rows) this.#bucket(row.subject).level += Number(row.level);
  }

  /** Subjects with a budget in use here. */
  get size(): number {
    return this.#buckets.size;
  }

  /**
   * Adds what was used here to the shared levels and takes back the sum of every process's use, for
   * every subject still in use here; a subject whose budget is whole again is not sent, and is
   * forgotten once unused for KEEP_WHOLE_MS.
   */
  async sync(db: Queryable): Promise<void> {
    const sent = new Map<string, number>();
    for (const [subject, bucket] of this.#buckets) {
      this.#bucket(subject);
      if (bucket.level > 0 || bucket.pending !== 0) sent.set(subject, bucket.pending);
      else if (bucket.at - bucket.usedAt >= KEEP_WHOLE_MS) this.#buckets.delete(subject);
    }
    for (const bucket of this.#buckets.values()) bucket.pending = 0;
    try {
      await this.#share(db, sent);
    } catch (error) {
      // Counted again at the next sync.
      for (const [subject, used] of sent) this.#bucket(subject).pending += used;
      throw error;
    }
  }

  async #share(db: Queryable, sent: Map<string, number>): Promise<void> {
    // The same order in every process, so concurrent upserts lock rows alike and never deadlock.
    const subjects = [...sent.keys()].sort();
    for (let i = 0; i < subjects.length; i += SYNC_CHUNK) {
      const chunk = subjects.slice(i, i + SYNC_CHUNK);
      const rows = await db
        .insert(callBudgets)
        .values(chunk.map((subject) => ({ subject, level: sent.get(subject)!, perSecond: this.#limitOf(subject).perSecond })))
        .onConflictDoUpdate({
          target: callBudgets.subject,
          set: {
            level: sql`greatest(0, ${callBudgets.level} - extract(epoch from now() - ${callBudgets.updatedAt}) * excluded.per_second) + excluded.level`,
            perSecond: sql`excluded.per_second`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ subject: callBudgets.subject, level: callBudgets.level });
      for (const row of rows) {
        const bucket = this.#bucket(row.subject);
        // What was used here while the statement ran is not in the shared level yet.
        bucket.level = row.level + bucket.pending;
      }
    }
  }
}
