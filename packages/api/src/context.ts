import type { Database, Db } from '@app/db';
import type { Storage } from '@app/storage';
import type { Session, User } from 'lucia';

/** One context for HTTP and WebSocket calls. */
export interface Context {
  db: Db;
  database: Database;
  session: Session | null;
  user: User | null;
  /** Where uploads live: procedures that take or drop an uploaded file check and remove it here. */
  storage: Storage;
}
