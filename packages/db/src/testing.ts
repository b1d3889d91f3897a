import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { createDatabase, type Database } from './client.ts';

export interface TestDatabase extends Database {
  /** The connection string, or null for an in-memory PGlite. */
  url: string | null;
  /** Closes the connections and drops the database. */
  drop(): Promise<void>;
}

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A throwaway, migrated database: a new database on the Postgres at TEST_DATABASE_URL (default the
 * local server), or an in-memory PGlite when no server answers. Test infrastructure reads its own
 * variable here; the app's configuration lives in apps/server/src/env.ts. `migrate: false` leaves
 * it empty (a restore's target).
 */
export async function createTestDatabase(
  adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_URL,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const admin = postgres(adminUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    await admin.end({ timeout: 1 }).catch(() => {});
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`No Postgres answers at ${adminUrl}`);
    const memory = await createDatabase({ kind: 'pglite', dataDir: null });
    if (migrate) await memory.migrate();
    return { ...memory, url: null, drop: () => memory.close() };
  }
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 20 });
  if (migrate) await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end({ timeout: 1 });
    },
  };
}
