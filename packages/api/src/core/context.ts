import type { Database, Db } from '@app/db';
import type { Storage } from '@app/storage';
import type { Session, User } from 'lucia';
import type { LiveBus } from '../platform/live/bus.ts';
import type { SocketState } from './socket.ts';
import type { CallLimits } from '../platform/rate-limit/call-limits.ts';
import type { RateLimiter } from '../platform/rate-limit/limiter.ts';

/**
 * What domains hand in to the context: each domain that needs a long-lived service of its own adds
 * it here from its own module (`declare module '../core/context.ts'`), so core names no domain.
 * The server builds the whole context (apps/server/src/plugins/trpc.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the domains
export interface DomainServices {}

/** One context for HTTP and WebSocket calls. */
export interface Context extends DomainServices {
  db: Db;
  database: Database;
  session: Session | null;
  user: User | null;
  /** Where uploads live: procedures that take or drop an uploaded file check and remove it here. */
  storage: Storage;
  /** Live events of every server process on the database, for subscriptions. */
  live: LiveBus;
  /**
   * Whether the caller's session still stands (calls over a WebSocket ask each time, long-lived
   * subscriptions now and then). `recent`: an answer a few seconds old will do (the subscriptions'
   * re-checks, which a member's page makes several of per round).
   */
  isSessionActive: (options?: { recent?: boolean }) => Promise<boolean>;
  /** The write limits, counted in the database for every server process (see rate-limit/). */
  rateLimiter: RateLimiter;
  /**
   * The budgets and caps of calls from the network, per person and address, shared by every process
   * (rate-limit/call-limits.ts); null for server-side callers, which nobody outside can make.
   */
  callLimits: CallLimits | null;
  /** The caller's address: what a signed-out caller's writes are counted by. */
  clientAddress: string | null;
  /** The caller is a platform admin (their e-mail is in ADMIN_EMAILS). */
  isAdmin: boolean;
  /** Set for calls over a WebSocket: what the socket's calls share (its session's end, its subscriptions). */
  socket: SocketState | null;
}
