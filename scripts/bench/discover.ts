/**
 * Discover search at scale: 100,000 communities (and 2,000 owners) seeded in two INSERT ... SELECT
 * generate_series statements, then GET /trpc/communities.list with a search term measured without
 * and with the pg_trgm index the search relies on (drizzle/0001_discover_search.sql).
 */
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import type { BenchContext } from './context.ts';

export const COMMUNITY_ROWS = 100_000;
const OWNER_ROWS = 2_000;
/** Two words a person might type to find one kind of community: about 1 name in 1,500 contains them. */
export const SEARCH_TERM = 'Mindful Yoga';
const TRIGRAM_INDEX = 'communities_name_trgm_idx';
/** The migration's definition, to put the index back after measuring without it. */
const CREATE_TRIGRAM_INDEX = sql.raw(`CREATE INDEX IF NOT EXISTS "${TRIGRAM_INDEX}" ON "communities" USING gin (lower("name") gin_trgm_ops)`);

const ADJECTIVES = ['Mindful', 'Urban', 'Morning', 'Creative', 'Global', 'Weekend', 'Indie', 'Modern', 'Curious', 'Bold', 'Quiet', 'Remote', 'Young', 'Wild', 'Open', 'Smart', 'Happy', 'Digital', 'Local', 'Brave', 'Healthy', 'Clever', 'Golden', 'Lean', 'Nomad', 'Daily', 'Bright', 'Calm', 'Rising', 'Slow', 'Future', 'Green', 'Deep', 'Friendly', 'Northern', 'Sunny', 'Little'];
const NOUNS = ['Yoga', 'Coders', 'Painters', 'Investors', 'Writers', 'Runners', 'Founders', 'Designers', 'Bakers', 'Traders', 'Gardeners', 'Photographers', 'Marketers', 'Linguists', 'Lawyers', 'Travelers', 'Makers', 'Readers', 'Chess', 'Climbers', 'Musicians', 'Podcasters', 'Analysts', 'Engineers', 'Nurses', 'Teachers', 'Chefs', 'Cyclists', 'Poets', 'Gamers', 'Hikers', 'Dancers', 'Sketchers', 'Thinkers', 'Learners', 'Builders', 'Stoics', 'Swimmers', 'Potters', 'Coaches', 'Filmmakers'];
const KINDS = ['Club', 'Circle', 'Collective', 'Guild', 'Lab', 'Society', 'Academy', 'Hub', 'Tribe', 'Studio', 'Network', 'Community'];
const CATEGORY_VALUES = ['coding', 'business', 'marketing', 'design', 'finance', 'ai-ml', 'languages', 'writing', 'law', 'health', 'self-improvement', 'travel', 'other'];
const COMMUNITY_LANGUAGE_VALUES = ['arabic', 'chinese', 'english', 'french', 'german', 'japanese', 'korean', 'portuguese', 'russian', 'spanish'];

const textArray = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

export const discoverSearchPath = `/trpc/communities.list?input=${encodeURIComponent(JSON.stringify({ json: { search: SEARCH_TERM } }))}`;

let seeded = false;
let indexedPayload: unknown = null;

/** Seeds once: owners, then 100,000 communities named like 'Mindful Yoga Circle 4821', newest first by i. */
async function seed(ctx: BenchContext): Promise<boolean> {
  if (!ctx.database) {
    console.warn(`\n  WARNING: no Postgres bench database (PGlite): the Discover search runs on an unseeded table, and its index is not dropped.`);
    return false;
  }
  if (seeded) return true;
  const { db } = ctx.database;
  const started = Date.now();
  await db.execute(sql`
    INSERT INTO profiles (username, email, full_name, created_at)
    SELECT 'owner_' || i, 'owner' || i || '@bench.example', 'Owner ' || i, now() - make_interval(days => i)
    FROM generate_series(1, ${OWNER_ROWS}) AS i`);
  // The index is built once after the rows are in, which is faster than maintaining it per row.
  await db.execute(sql.raw(`DROP INDEX IF EXISTS "${TRIGRAM_INDEX}"`));
  await db.execute(sql`
    WITH owners AS (SELECT array_agg(id ORDER BY username) AS ids FROM profiles WHERE email LIKE '%@bench.example')
    INSERT INTO communities (name, owner_id, category, language, members_count, available_seats, membership_amount_cents, created_at)
    SELECT
      (${textArray(ADJECTIVES)})[1 + i % ${ADJECTIVES.length}] || ' ' ||
        (${textArray(NOUNS)})[1 + (i / ${ADJECTIVES.length}) % ${NOUNS.length}] || ' ' ||
        (${textArray(KINDS)})[1 + (i / ${ADJECTIVES.length * NOUNS.length}) % ${KINDS.length}] || ' ' || i,
      owners.ids[1 + i % ${OWNER_ROWS}],
      (${textArray(CATEGORY_VALUES)})[1 + (i * 7) % ${CATEGORY_VALUES.length}],
      (${textArray(COMMUNITY_LANGUAGE_VALUES)})[1 + (i * 3) % ${COMMUNITY_LANGUAGE_VALUES.length}],
      1 + (i * 37) % 500,
      CASE WHEN i % 4 = 0 THEN 500 + (i % 5) * 100 END,
      CASE WHEN i % 3 = 0 THEN 500 + (i % 20) * 100 ELSE 0 END,
      now() - make_interval(mins => i)
    FROM owners, generate_series(1, ${COMMUNITY_ROWS}) AS i`);
  await db.execute(CREATE_TRIGRAM_INDEX);
  await db.execute(sql`ANALYZE communities`);
  await db.execute(sql`ANALYZE profiles`);
  seeded = true;
  process.stdout.write(`[seeded ${COMMUNITY_ROWS.toLocaleString('en-US')} communities in ${((Date.now() - started) / 1000).toFixed(1)} s] `);
  return true;
}

/** The plan Postgres picks for the search, as one line: which index (if any) it reads. */
async function planSummary(ctx: BenchContext): Promise<string> {
  const rows = (await ctx.database!.db.execute(sql`
    EXPLAIN SELECT id FROM communities WHERE lower(name) LIKE lower(${`%${SEARCH_TERM}%`})
    ORDER BY created_at DESC, id DESC LIMIT 25`)) as unknown as Iterable<Record<string, string>>;
  const plan = Array.from(rows, (row) => Object.values(row)[0] ?? '').join('\n');
  return plan.includes(TRIGRAM_INDEX) ? `plan reads ${TRIGRAM_INDEX}` : `plan: ${plan.split('\n').find((l) => /Scan/.test(l))?.trim() ?? plan.split('\n')[0]}`;
}

async function fetchSearch(ctx: BenchContext): Promise<unknown> {
  const res = await fetch(`${ctx.baseUrl}${discoverSearchPath}`);
  if (res.status !== 200) throw new Error(`communities.list answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { result: { data: { json: { items: Array<{ name: string }> } } } };
  return body.result.data.json;
}

function checkMatches(payload: unknown) {
  const { items } = payload as { items: Array<{ name: string }> };
  if (items.length === 0) throw new Error(`The Discover search for '${SEARCH_TERM}' found nothing in the seeded data.`);
  const stray = items.find((c) => !c.name.toLowerCase().includes(SEARCH_TERM.toLowerCase()));
  if (stray) throw new Error(`The Discover search for '${SEARCH_TERM}' returned '${stray.name}'.`);
}

/** Seeds, then drops the trigram index, so the next measurement runs without it. */
export async function withoutTrigramIndex(ctx: BenchContext): Promise<void> {
  if (!(await seed(ctx))) return;
  indexedPayload = await fetchSearch(ctx);
  checkMatches(indexedPayload);
  await ctx.database!.db.execute(sql.raw(`DROP INDEX IF EXISTS "${TRIGRAM_INDEX}"`));
  if (!isDeepStrictEqual(await fetchSearch(ctx), indexedPayload)) throw new Error('The search answered differently without its index.');
  process.stdout.write(`[index dropped; ${await planSummary(ctx)}] `);
}

/** Puts the trigram index back (as the migration made it) for the indexed measurement. */
export async function withTrigramIndex(ctx: BenchContext): Promise<void> {
  if (!(await seed(ctx))) return;
  await ctx.database!.db.execute(CREATE_TRIGRAM_INDEX);
  await ctx.database!.db.execute(sql`ANALYZE communities`);
  if (!isDeepStrictEqual(await fetchSearch(ctx), indexedPayload)) throw new Error('The search answered differently with its index recreated.');
  process.stdout.write(`[index recreated; ${await planSummary(ctx)}] `);
}
