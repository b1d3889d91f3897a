import type { Database, Db } from '@app/db';
import type { Storage } from '@app/storage';
import type { Session, User } from 'lucia';
import type { ChatKeyring } from './chat/crypto.ts';
import type { LiveBus } from './live/bus.ts';
import type { SocketState } from './live/socket.ts';
import type { PaymentsProvider } from './payments/provider.ts';
import type { RateLimiter } from './rate-limit/limiter.ts';

/** One context for HTTP and WebSocket calls. */
export interface Context {
  db: Db;
  database: Database;
  session: Session | null;
  user: User | null;
  /** Where uploads live: procedures that take or drop an uploaded file check and remove it here. */
  storage: Storage;
  /** Checkouts for paid communities: Polar, the local stand-in, or null when payments are not configured. */
  payments: PaymentsProvider | null;
  /** Live events of every server process on the database, for subscriptions. */
  live: LiveBus;
  /** Whether the caller's session still stands (long-lived subscriptions ask now and then). */
  isSessionActive: () => Promise<boolean>;
  /** The server keys chat messages are encrypted under (CHAT_ENCRYPTION_KEY). */
  chatKeys: ChatKeyring;
  /** The write limits, counted in the database for every server process (see rate-limit/). */
  rateLimiter: RateLimiter;
  /** The caller's address: what a signed-out caller's writes are counted by. */
  clientAddress: string | null;
  /** The caller is a platform admin (their e-mail is in ADMIN_EMAILS). */
  isAdmin: boolean;
  /** Set for calls over a WebSocket: what the socket's calls share (its session's end, its subscriptions). */
  socket: SocketState | null;
}
