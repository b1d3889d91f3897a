import type { TestDatabase } from '@app/db/testing';
import { sql } from 'drizzle-orm';

/** What a scenario's set-up is given: the running server and its signed-in bench user. */
export interface BenchContext {
  baseUrl: string;
  /** The `Cookie` header value of the signed-in bench user. */
  cookie: string;
  user: { id: string; email: string };
  /** The bench database, for setups that seed rows directly; null when the server runs on PGlite. */
  database: TestDatabase | null;
  /** The server's CHAT_ENCRYPTION_KEY, so seeded messages decrypt. */
  chatKey: string;
}

/**
 * The bench database a set-up seeds, or null after a loud warning naming what then runs without its
 * rows (`what`: 'the feed scenarios run on an empty community'), when the server runs on PGlite.
 */
export function seedingDatabase(ctx: BenchContext, what: string): TestDatabase['db'] | null {
  if (ctx.database) return ctx.database.db;
  console.warn(`\n  WARNING: no Postgres bench database (PGlite): ${what}.`);
  return null;
}

/** `count` bench people in one statement: usernames `{prefix}_1`…, e-mails `{prefix}1@bench.example`, names '{Name} 1'…. */
export function seedPeople(db: TestDatabase['db'], prefix: string, count: number) {
  const name = prefix.charAt(0).toUpperCase() + prefix.slice(1);
  return db.execute(sql`
    INSERT INTO profiles (username, email, full_name)
    SELECT ${prefix}::text || '_' || i, ${prefix}::text || i || '@bench.example', ${name}::text || ' ' || i FROM generate_series(1, ${count}::int) AS i`);
}
