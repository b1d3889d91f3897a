/**
 * How many statements the run's database executed, from Postgres's pg_stat_statements: a figure the
 * machine's speed does not move, unlike the latencies (the same calls make the same statements).
 * Only when the cluster loads the module (`shared_preload_libraries = 'pg_stat_statements'`, then a
 * restart); otherwise the count is null and the tables print '-'.
 */
import type { TestDatabase } from '@app/db/testing';
import { resultRows } from '@app/db';
import { sql } from 'drizzle-orm';

export type StatementCount = () => Promise<number | null>;

export async function statementCounter(database: TestDatabase): Promise<StatementCount> {
  try {
    await database.db.execute(sql`create extension if not exists pg_stat_statements`);
    await count(database);
  } catch {
    return async () => null;
  }
  return () => count(database).catch(() => null);
}

async function count(database: TestDatabase): Promise<number> {
  const rows = resultRows<{ calls: string | number }>(
    await database.db.execute(sql`
      select coalesce(sum(calls), 0) as calls from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())`),
  );
  return Number(rows[0]?.calls ?? 0);
}
