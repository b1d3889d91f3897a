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

/**
 * A community of the people `seedPeople` made with `prefix`: the first owns it, all are approved
 * members, and so is the bench user (so its pages have a member to show them to).
 */
export async function seedPeopleCommunity(ctx: BenchContext, db: TestDatabase['db'], community: { id: string; name: string; prefix: string; membersCount: number }) {
  const { id, name, prefix, membersCount } = community;
  const owner = `${prefix}1@bench.example`;
  await db.execute(sql`
    INSERT INTO communities (id, name, owner_id, members_count)
    SELECT ${id}, ${name}, id, ${membersCount} FROM profiles WHERE email = ${owner}`);
  await db.execute(sql`
    INSERT INTO community_members (community_id, user_id, role, status)
    SELECT ${id}, id, (CASE WHEN email = ${owner} THEN 'owner' ELSE 'member' END)::member_role, 'approved'
    FROM profiles WHERE email LIKE ${`${prefix}%@bench.example`}`);
  await db.execute(sql`
    INSERT INTO community_members (community_id, user_id, role, status) VALUES (${id}, ${ctx.user.id}, 'member', 'approved')`);
}
