/**
 * Search inside a community at scale (issue 24): one community of 100,000 posts and 300,000
 * comments, searched for a word found in a few hundred of them (as a member would look for a topic),
 * through tRPC against the bare-Fastify route doing the same work.
 */
import { sql } from 'drizzle-orm';
import { seedingDatabase, seedPeople, seedPeopleCommunity, type BenchContext } from './context.ts';

export const SEARCH_POSTS = 100_000;
export const SEARCH_COMMENTS = 300_000;
/** A fixed id, so scenario paths can name the community before it is seeded. */
export const SEARCH_COMMUNITY_ID = '00000000-0000-4000-8000-000000005ea7';
/** The vocabulary's words: 2,000 six-letter words (md5 digits written as letters), each in about 0.3% of the texts. */
const VOCABULARY = 2000;
/** Word 42 of the vocabulary (md5('42') starts a1d0c6), searched for. */
export const SEARCH_QUERY = 'ahdgcm';

const input = encodeURIComponent(JSON.stringify({ json: { communityId: SEARCH_COMMUNITY_ID, query: SEARCH_QUERY } }));
export const searchTrpcPath = `/trpc/search.community?input=${input}`;
export const searchFastifyPath = `/api/bench/search/${SEARCH_COMMUNITY_ID}?q=${SEARCH_QUERY}`;

/** Word `k` of the vocabulary, in SQL. */
const word = (k: string) => `translate(substr(md5(((${k}) % ${VOCABULARY})::text), 1, 6), '0123456789', 'ghijklmnop')`;
/** A text of ordinary words around three words of the vocabulary, and a line of Arabic. */
const text = (i: string) =>
  `'Notes from today: ' || ${word(i)} || ' and the ' || ${word(`${i} * 7 + 3`)} || ' group, then ' || ${word(`${i} * 31 + 11`)} || '. شكراً للجميع على المشاركة'`;

/**
 * Seeds the community (the bench user a member), its posts (by 100 authors, one a minute back in
 * time) and three comments a post, in bulk; the generated search columns fill as rows are written.
 * Checks the counts, so the figures are always for the sizes the docs name.
 */
export async function seedSearch(ctx: BenchContext): Promise<void> {
  const db = seedingDatabase(ctx, 'the search scenarios run on an empty community');
  if (!db) return;
  const started = Date.now();
  await seedPeople(db, 'searcher', 100);
  await seedPeopleCommunity(ctx, db, { id: SEARCH_COMMUNITY_ID, name: 'Bench Search', prefix: 'searcher', membersCount: 102 });
  await db.execute(sql`
    WITH authors AS (SELECT array_agg(id ORDER BY email) AS ids FROM profiles WHERE email LIKE 'searcher%@bench.example')
    INSERT INTO posts (community_id, user_id, content, created_at, updated_at)
    SELECT ${SEARCH_COMMUNITY_ID}, authors.ids[1 + i % 100], ${sql.raw(text('i'))}, now() - make_interval(mins => i), now() - make_interval(mins => i)
    FROM authors, generate_series(1, ${SEARCH_POSTS}) AS i`);
  await db.execute(sql`
    WITH authors AS (SELECT array_agg(id ORDER BY email) AS ids FROM profiles WHERE email LIKE 'searcher%@bench.example'),
         numbered AS (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM posts WHERE community_id = ${SEARCH_COMMUNITY_ID})
    INSERT INTO comments (post_id, user_id, content)
    SELECT numbered.id, authors.ids[1 + (numbered.n * 3 + c) % 100], ${sql.raw(text('numbered.n * 3 + c + 5'))}
    FROM authors, numbered, generate_series(1, 3) AS c`);
  for (const table of ['posts', 'comments', 'community_members', 'profiles']) await db.execute(sql.raw(`ANALYZE ${table}`));
  const [counts] = (await db.execute(sql`
    SELECT (SELECT count(*)::int FROM posts WHERE community_id = ${SEARCH_COMMUNITY_ID}) AS posts,
           (SELECT count(*)::int FROM comments c JOIN posts p ON p.id = c.post_id WHERE p.community_id = ${SEARCH_COMMUNITY_ID}) AS comments,
           (SELECT count(*)::int FROM posts WHERE community_id = ${SEARCH_COMMUNITY_ID} AND search @@ to_tsquery('simple', ${SEARCH_QUERY})) AS "postHits",
           (SELECT count(*)::int FROM comments WHERE search @@ to_tsquery('simple', ${SEARCH_QUERY})) AS "commentHits"`)) as unknown as Array<Record<string, number>>;
  if (counts?.posts !== SEARCH_POSTS || counts.comments !== SEARCH_COMMENTS) {
    throw new Error(`Seeded ${counts?.posts} posts and ${counts?.comments} comments for search, expected ${SEARCH_POSTS} and ${SEARCH_COMMENTS}.`);
  }
  console.log(
    `[seeded ${SEARCH_POSTS.toLocaleString('en-US')} posts and ${SEARCH_COMMENTS.toLocaleString('en-US')} comments in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `'${SEARCH_QUERY}' is in ${counts.postHits} posts and ${counts.commentHits} comments]`,
  );
}

/** Checks the search found posts and comments (five of each, the page size). */
export function isBenchSearch(payload: unknown): void {
  const found = (payload as { json?: { posts?: unknown[]; comments?: unknown[] } } | null)?.json;
  if (found?.posts?.length !== 5 || found.comments?.length !== 5) throw new Error(`Expected 5 posts and 5 comments found, got ${JSON.stringify(payload).slice(0, 300)}`);
}
