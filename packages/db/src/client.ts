import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type Queryable = Db | Tx;

/** The rows of `db.execute(sql…)`: postgres.js answers an array of them, PGlite an object holding them. */
export function resultRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | { kind: 'pglite'; dataDir: string | null };

export interface Database {
  kind: 'postgres' | 'pglite';
  db: Db;
  /**
   * LISTEN on a channel; resolves to a function that stops listening. `onListen` runs each time the
   * LISTEN is (re)established: notifications sent while the connection was down are lost, so a
   * caller can catch up from its own records then.
   */
  listen(channel: string, onPayload: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Applies the committed SQL migrations in drizzle/. */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Arbitrary constant naming the advisory lock held while migrating. */
const MIGRATION_LOCK = 727_001;

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? connectPostgres(options) : openPglite(options.dataDir);
}

function connectPostgres(options: { url: string; maxConnections?: number }): Database {
  const client = postgres(options.url, { max: options.maxConnections ?? 10, onnotice: () => {} });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async listen(channel, onPayload, onListen) {
      const { unlisten } = await client.listen(channel, onPayload, onListen);
      return unlisten;
    },
    async notify(channel, payload) {
      await client.notify(channel, payload);
    },
    async migrate() {
      // Replicas starting together must not apply the same migration twice: a session-level
      // advisory lock, held on a connection of its own while the migrator runs, lets one at a time.
      const lock = postgres(options.url, { max: 1, onnotice: () => {} });
      try {
        await lock`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
        await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
      } finally {
        await lock.end({ timeout: 5 });
      }
    },
    ping: () => ping(db),
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

/** The embedded database, loaded only when it is used: a server on Postgres never holds PGlite's WebAssembly. */
async function openPglite(dataDir: string | null): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the Discover search indexes (drizzle/0001_discover_search.sql).
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async listen(channel, onPayload, onListen) {
      // In-process: the LISTEN never drops, so it is established once.
      const stop = await client.listen(channel, onPayload);
      onListen?.();
      return stop;
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    },
    ping: () => ping(db),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
