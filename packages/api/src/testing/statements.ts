import type { Database, Db } from '@app/db';
import * as schema from '@app/db/schema';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';

/**
 * A handle on the database's own connections that counts the statements run through it (drizzle's
 * query log), for tests that check how many a piece of work takes, whatever the machine's speed.
 */
export function countingDb(database: Database): { db: Db; statements: () => number } {
  let count = 0;
  const logger = { logQuery: () => void (count += 1) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db = (
    database.kind === 'postgres'
      ? drizzlePostgres({ client: client as never, schema, logger })
      : drizzlePglite({ client: client as never, schema, logger })
  ) as unknown as Db;
  return { db, statements: () => count };
}
