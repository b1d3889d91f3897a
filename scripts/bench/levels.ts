/**
 * Leaderboards at scale: a community of 10,000 members whose posts received 1,000,000 likes over
 * 90 days, and its 30-day board (top ten with ranks and levels, and the viewer's own rank)
 * through tRPC against the bare-Fastify route doing the same work.
 */
import { sql } from 'drizzle-orm';
import { seedingDatabase, seedPeople, seedPeopleCommunity, type BenchContext } from './context.ts';

export const BOARD_MEMBERS = 10_000;
/** The likes seeded, exactly (the figure). */
export const BOARD_LIKES = 1_000_000;
/** A fixed id, so scenario paths can name the community before it is seeded. */
export const BOARD_COMMUNITY_ID = '00000000-0000-4000-8000-00000000d0d0';

const input = encodeURIComponent(JSON.stringify({ json: { communityId: BOARD_COMMUNITY_ID, period: '30d' } }));
export const boardTrpcPath = `/trpc/levels.board?input=${input}`;
export const boardFastifyPath = `/api/bench/board/${BOARD_COMMUNITY_ID}/30d`;

/**
 * Seeds the community (owned by its first seeded member; the bench user is a member, so the board
 * has a viewer to rank), a post by each member, likes from other members (1 to 199 a post, 1,000,000
 * in all, given over the last 90 days), and the points they give, as the likes would have.
 * Checks the count, so the figures are always for the community the README describes.
 */
export async function seedBoard(ctx: BenchContext): Promise<void> {
  const db = seedingDatabase(ctx, 'the leaderboard scenarios run on an empty community');
  if (!db) return;
  const started = Date.now();
  await seedPeople(db, 'climber', BOARD_MEMBERS);
  await seedPeopleCommunity(ctx, db, { id: BOARD_COMMUNITY_ID, name: 'Bench Board', prefix: 'climber', membersCount: BOARD_MEMBERS + 1 });
  await db.execute(sql`
    INSERT INTO posts (community_id, user_id, content)
    SELECT ${BOARD_COMMUNITY_ID}, id, 'What I learned today' FROM profiles WHERE email LIKE 'climber%@bench.example'`);
  // Post n (by member n, n = 0 .. 9,999) is liked by members n + 97k (mod 10,000) for k = 1 .. 1 + 2(37n mod 100):
  // distinct (97 and 10,000 are coprime, k < 10,000), never the author. As 37 and 100 are coprime,
  // each run of 100 posts takes every r = 37n mod 100 once, so 1 + 2r likes give 1, 3, .., 199
  // (10,000 a run), and the 100 runs give exactly 1,000,000.
  await db.execute(sql`
    WITH members AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS m FROM profiles WHERE email LIKE 'climber%@bench.example'),
         numbered AS (SELECT p.id, members.m AS n FROM posts p JOIN members ON members.id = p.user_id WHERE p.community_id = ${BOARD_COMMUNITY_ID}),
         pairs AS (SELECT numbered.id AS post_id, (numbered.n + 97 * k) % ${BOARD_MEMBERS} AS liker, numbered.n * 7919 + k * 104729 AS seed
                   FROM numbered, generate_series(1, 199) AS k WHERE k <= 1 + 2 * ((numbered.n * 37) % 100))
    INSERT INTO post_likes (post_id, user_id, created_at)
    SELECT pairs.post_id, members.id, now() - make_interval(secs => pairs.seed % (90 * 86400))
    FROM pairs JOIN members ON members.m = pairs.liker`);
  // The points those likes give, and the 7- and 30-day windows, as the likes would have left them.
  await db.execute(sql`
    INSERT INTO member_points_daily (community_id, user_id, day, points)
    SELECT p.community_id, p.user_id, (l.created_at AT TIME ZONE 'UTC')::date, count(*)::int
    FROM post_likes l JOIN posts p ON p.id = l.post_id
    WHERE p.community_id = ${BOARD_COMMUNITY_ID} AND l.user_id <> p.user_id
    GROUP BY 1, 2, 3`);
  await db.execute(sql`
    INSERT INTO member_points (community_id, user_id, points, points_7d, points_30d, window_day)
    SELECT community_id, user_id, sum(points)::int,
           coalesce(sum(points) FILTER (WHERE day >= (now() AT TIME ZONE 'UTC')::date - 6), 0)::int,
           coalesce(sum(points) FILTER (WHERE day >= (now() AT TIME ZONE 'UTC')::date - 29), 0)::int,
           (now() AT TIME ZONE 'UTC')::date
    FROM member_points_daily WHERE community_id = ${BOARD_COMMUNITY_ID} GROUP BY 1, 2`);
  for (const table of ['post_likes', 'member_points', 'member_points_daily', 'community_members']) await db.execute(sql.raw(`ANALYZE ${table}`));
  const [likes] = (await db.execute(sql`SELECT count(*)::int AS n FROM post_likes l JOIN posts p ON p.id = l.post_id WHERE p.community_id = ${BOARD_COMMUNITY_ID}`)) as unknown as Array<{ n: number }>;
  const seeded = Number(likes?.n ?? 0);
  if (seeded !== BOARD_LIKES) throw new Error(`Seeded ${seeded} likes on the bench board, expected ${BOARD_LIKES}.`);
  console.log(`[seeded ${BOARD_MEMBERS.toLocaleString('en-US')} members and ${seeded.toLocaleString('en-US')} likes in ${((Date.now() - started) / 1000).toFixed(1)} s]`);
}

/** Checks the board has its top ten and ranks the bench user. */
export function isBenchBoard(payload: unknown): void {
  const board = (payload as { json?: { top?: unknown[]; me?: { rank?: number } | null } } | null)?.json;
  if (board?.top?.length !== 10 || typeof board.me?.rank !== 'number') {
    throw new Error(`Expected the bench community's 30-day board, got ${JSON.stringify(payload).slice(0, 300)}`);
  }
}
