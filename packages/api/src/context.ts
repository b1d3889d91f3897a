import type { Database, Db } from '@app/db';
import type { Session, User } from 'lucia';

/** One context for HTTP and WebSocket calls. */
export interface Context {
  db: Db;
  database: Database;
  session: Session | null;
  user: User | null;
}
