import type { Queryable } from '@app/db';
import { CallBudget } from './budget.ts';
import { RateLimitedError } from './limiter.ts';
import { CALL_LIMITS, type CallLimitsConfig, type LiveCap } from './limits.ts';
import { LiveCounts } from './live-counts.ts';

/** How often each process shares its counts (call budgets, open sockets and subscriptions). */
export const SYNC_EVERY_MS = 1000;
/** What a refused socket or subscription is told to wait: a tab closing frees one at once. */
export const LIVE_RETRY_SECONDS = 10;

export const personSubject = (userId: string) => `person:${userId}`;
export const addressSubject = (address: string) => `address:${address}`;
const isAddress = (subject: string) => subject.startsWith('address:');

export function tooManySocketsMessage(max: number): string {
  return `Too many open connections (at most ${max}). Close a tab or two and try again.`;
}
export function tooManyLiveUpdatesMessage(max: number): string {
  return `Too many live updates open (at most ${max}). Close a tab or two and try again.`;
}

export interface Logger {
  error(details: object, message: string): void;
}

/**
 * The limits on calls from the network, per person and per address, held across server processes:
 * a budget of calls (refused with 429 / TOO_MANY_REQUESTS before any work, decided in memory), caps
 * on open WebSockets and live subscriptions, and a cap on one person's calls running at once here.
 */
export class CallLimits {
  readonly config: CallLimitsConfig;
  readonly #db: Queryable;
  readonly #budget: CallBudget;
  readonly #live: LiveCounts;
  readonly #running = new Map<string, { count: number; waiting: Array<() => void> }>();
  #timer: ReturnType<typeof setInterval> | null = null;
  #syncing: Promise<void> | null = null;

  constructor(db: Queryable, config: CallLimitsConfig = CALL_LIMITS) {
    this.#db = db;
    this.config = config;
    this.#budget = new CallBudget((subject) => (isAddress(subject) ? config.budget.address : config.budget.person));
    this.#live = new LiveCounts((subject) => this.#capOf(subject));
  }

  /** Throws RateLimitedError when `cost` calls would not fit every subject's budget (nothing taken). */
  check(subjects: readonly string[], cost: number): void {
    const wait = this.#budget.wait(subjects, cost);
    if (wait !== null) throw new RateLimitedError(wait);
  }

  /**
   * Takes `cost` calls from every subject's budget, or throws RateLimitedError taking none. Decided in
   * memory, but for a subject new to this process, whose shared level is read first.
   */
  async spend(subjects: readonly string[], cost: number): Promise<void> {
    await this.#budget.learn(this.#db, subjects);
    const wait = this.#budget.spend(subjects, cost);
    if (wait !== null) throw new RateLimitedError(wait);
  }

  /** Counts one open WebSocket for every subject, and answers what un-counts it; throws RateLimitedError at a cap. */
  openSocket(subjects: readonly string[]): Promise<() => void> {
    return this.#open(subjects, 'sockets', tooManySocketsMessage);
  }

  /** Counts one live subscription for every subject, and answers what un-counts it; throws RateLimitedError at a cap. */
  startSubscription(subjects: readonly string[]): Promise<() => void> {
    return this.#open(subjects, 'subscriptions', tooManyLiveUpdatesMessage);
  }

  async #open(subjects: readonly string[], kind: 'sockets' | 'subscriptions', message: (max: number) => string): Promise<() => void> {
    const opened = await this.#live.open(this.#db, subjects, kind);
    if ('close' in opened) return opened.close;
    throw new RateLimitedError(LIVE_RETRY_SECONDS, message(this.#capOf(opened.full)[kind]));
  }

  #capOf(subject: string): LiveCap {
    return isAddress(subject) ? this.config.live.address : this.config.live.person;
  }

  /** What `subject` holds open on every process, as this one knows it. */
  liveCount(subject: string, kind: 'sockets' | 'subscriptions'): number {
    return this.#live.count(subject, kind);
  }

  /**
   * The people whose first WebSocket on this process opened, or last closed, since the last call, as
   * written to `live_connections` (presence: see membership/presence.ts).
   */
  takePresenceChanges(): string[] {
    return this.#live.takeFlipped().flatMap((subject) => (subject.startsWith('person:') ? [subject.slice('person:'.length)] : []));
  }

  /** Runs `work` once fewer than `inFlightPerPerson` calls of `subject` are running on this process. */
  async inFlight<T>(subject: string, work: () => Promise<T>): Promise<T> {
    let slot = this.#running.get(subject);
    if (!slot) {
      slot = { count: 0, waiting: [] };
      this.#running.set(subject, slot);
    }
    if (slot.count >= this.config.inFlightPerPerson) await new Promise<void>((resolve) => slot.waiting.push(resolve));
    else slot.count += 1;
    try {
      return await work();
    } finally {
      // The slot passes to the next waiting call, or is freed.
      const next = slot.waiting.shift();
      if (next) next();
      else if (--slot.count === 0) this.#running.delete(subject);
    }
  }

  /** Shares this process's counts and reads the others' (the timer does it every SYNC_EVERY_MS; tests call it). */
  sync(): Promise<void> {
    this.#syncing ??= (async () => {
      try {
        await this.#budget.sync(this.#db);
        await this.#live.sync(this.#db);
      } finally {
        this.#syncing = null;
      }
    })();
    return this.#syncing;
  }

  start(log: Logger): void {
    this.#timer = setInterval(() => {
      this.sync().catch((err: unknown) => log.error({ err }, 'sharing the call limits failed'));
    }, SYNC_EVERY_MS);
    this.#timer.unref();
  }

  /** Stops the timer, shares the last calls and removes this process's counts. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#syncing?.catch(() => undefined);
    await this.#budget.sync(this.#db);
    await this.#live.forget(this.#db);
  }
}
