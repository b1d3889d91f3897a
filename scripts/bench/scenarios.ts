/**
 * What `npm run bench` measures. To add a scenario, append to `scenarios` (and to `comparisons` to
 * print its ratio to a baseline); `setup` runs once before its warm-up and may seed data via `ctx`.
 */
import type { BenchContext } from './context.ts';
import { discoverSearchPath, SEARCH_TERM, withoutTrigramIndex, withTrigramIndex } from './discover.ts';
import { CHAT_MESSAGES_ROWS, chatFastifyPath, chatTrpcPath, seedChat } from './chat.ts';
import { COURSE_MODULES, courseFastifyPath, courseTrpcPath, isBenchCourse, LESSONS_PER_MODULE, seedCourse } from './courses.ts';
import { BOARD_MEMBERS, boardFastifyPath, boardTrpcPath, isBenchBoard, seedBoard } from './levels.ts';
import { FEED_POSTS, feedFastifyPath, feedTrpcPath, seedFeed } from './feed.ts';
import { isBenchSearch, SEARCH_COMMENTS, SEARCH_POSTS, SEARCH_QUERY, searchFastifyPath, searchTrpcPath, seedSearch } from './search.ts';
import type { Comparison } from './report.ts';

export interface Scenario {
  /** Also the key comparisons refer to; scenarios sharing a name are one endpoint at several connection counts. */
  name: string;
  path: string;
  connections: number;
  method?: 'GET' | 'POST';
  body?: string;
  /** Send no session cookie. */
  anonymous?: boolean;
  /**
   * Each connection signed in as a member of its own (scripts/bench/members-load.ts), as many members
   * reading at once are; otherwise every connection is the bench user's, one person's connections,
   * which meet that person's own caps (at most a few of one person's calls run at once).
   */
  members?: true;
  /** Needs nothing `prepare` seeds (the bench user alone, or a seeding of its own): skipped when every scenario run says so. */
  unseeded?: true;
  /** Runs once before the warm-up, e.g. to seed data. */
  setup?: (ctx: BenchContext) => Promise<void>;
  /** Turns the response body into the value compared across a comparison's two scenarios. */
  payload?: (body: unknown) => unknown;
  /** Checks the (decoded) response before measuring; throw to abort the bench. */
  verify?: (payload: unknown, ctx: BenchContext) => void;
}

/** A tRPC query's data; the superjson transformer wraps it as { json, meta }. */
function trpcData(body: unknown): unknown {
  const data = (body as { result?: { data?: unknown } } | null)?.result?.data;
  return data && typeof data === 'object' && 'json' in data ? data.json : data;
}

/** What a bare route's superjson.serialize() carries ({ json, meta }: the value itself). */
function superjsonData(body: unknown): unknown {
  return body && typeof body === 'object' && 'json' in body ? body.json : body;
}

/** A tRPC query's superjson result as sent ({ json, meta }), to compare with the bare route's superjson.serialize(). */
function trpcResult(body: unknown): unknown {
  return (body as { result?: { data?: unknown } } | null)?.result?.data;
}

function isOwnProfile(payload: unknown, ctx: BenchContext): void {
  const profile = payload as { id?: unknown; email?: unknown } | null;
  if (profile?.id !== ctx.user.id || profile.email !== ctx.user.email) {
    throw new Error(`Expected the bench user's profile, got ${JSON.stringify(payload)}: is the session cookie accepted?`);
  }
}

const me = {
  fastify: { name: 'fastify GET /api/bench/me', path: '/api/bench/me', payload: superjsonData, verify: isOwnProfile, unseeded: true },
  trpc: { name: 'trpc GET /trpc/profiles.me', path: '/trpc/profiles.me', payload: trpcData, verify: isOwnProfile, unseeded: true },
} satisfies Record<string, Omit<Scenario, 'connections'>>;

/** The same two, each connection a member of its own. */
const membersMe = {
  fastify: { ...me.fastify, name: 'fastify GET /api/bench/me, a member per connection', members: true },
  trpc: { ...me.trpc, name: 'trpc GET /trpc/profiles.me, a member per connection', members: true },
} satisfies Record<string, Omit<Scenario, 'connections'>>;

/** Discover's community search over 100,000 rows (scripts/bench/discover.ts), without then with its index. */
const discover = {
  noIndex: { name: `trpc communities.list '${SEARCH_TERM}', no trgm index`, path: discoverSearchPath, anonymous: true, setup: withoutTrigramIndex },
  indexed: { name: `trpc communities.list '${SEARCH_TERM}', trgm index`, path: discoverSearchPath, anonymous: true, setup: withTrigramIndex },
} satisfies Record<string, Omit<Scenario, 'connections'>>;

/** The first page of a 100,000-post feed (scripts/bench/feed.ts): tRPC against bare Fastify doing the same work. */
const feed = {
  fastify: { name: `fastify GET /api/bench/posts (${FEED_POSTS / 1000}k posts)`, path: feedFastifyPath },
  trpc: { name: `trpc GET /trpc/posts.list (${FEED_POSTS / 1000}k posts)`, path: feedTrpcPath, payload: trpcResult },
} satisfies Record<string, Omit<Scenario, 'connections'>>;

/** The newest page of a 100,000-message conversation (scripts/bench/chat.ts), decrypted on the server. */
const chat = {
  fastify: { name: `fastify GET /api/bench/chat (${CHAT_MESSAGES_ROWS / 1000}k messages)`, path: chatFastifyPath },
  trpc: { name: `trpc GET /trpc/chat.messages (${CHAT_MESSAGES_ROWS / 1000}k messages)`, path: chatTrpcPath, payload: trpcResult },
} satisfies Record<string, Omit<Scenario, 'connections'>>;

/** A tRPC batch's results as sent ({ json, meta } each), in order. */
function trpcBatchResults(body: unknown): unknown {
  return Array.isArray(body) ? body.map(trpcResult) : body;
}

/** The learning view's first load (scripts/bench/courses.ts): the course with its outline, and its first lesson, in one batch. */
const course = {
  fastify: { name: `fastify GET /api/bench/course (${COURSE_MODULES}×${LESSONS_PER_MODULE} lessons)`, path: courseFastifyPath, verify: isBenchCourse },
  trpc: {
    name: `trpc GET /trpc/courses.byId,courses.lesson (${COURSE_MODULES}×${LESSONS_PER_MODULE} lessons)`,
    path: courseTrpcPath,
    payload: trpcBatchResults,
    verify: isBenchCourse,
  },
} satisfies Record<string, Omit<Scenario, 'connections'>>;

/** The 30-day leaderboard of a community of 10,000 members and 1,000,000 likes (scripts/bench/levels.ts). */
const board = {
  fastify: { name: `fastify GET /api/bench/board 30d (${BOARD_MEMBERS / 1000}k members)`, path: boardFastifyPath, verify: isBenchBoard },
  trpc: { name: `trpc GET /trpc/levels.board 30d (${BOARD_MEMBERS / 1000}k members)`, path: boardTrpcPath, payload: trpcResult, verify: isBenchBoard },
} satisfies Record<string, Omit<Scenario, 'connections'>>;

/** Search inside a community of 100,000 posts and 300,000 comments (scripts/bench/search.ts): BENCH_ONLY=search. */
const search = {
  fastify: { name: `fastify GET /api/bench/search '${SEARCH_QUERY}' (${SEARCH_POSTS / 1000}k posts, ${SEARCH_COMMENTS / 1000}k comments)`, path: searchFastifyPath, verify: isBenchSearch, unseeded: true },
  trpc: {
    name: `trpc GET /trpc/search.community '${SEARCH_QUERY}' (${SEARCH_POSTS / 1000}k posts, ${SEARCH_COMMENTS / 1000}k comments)`,
    path: searchTrpcPath,
    payload: trpcResult,
    verify: isBenchSearch,
    unseeded: true,
  },
} satisfies Record<string, Omit<Scenario, 'connections'>>;

/** The search part's seeding, before its responses are checked. */
export const prepareSearch = seedSearch;

/** One connection: a search's own latency; ten: searches queueing for the server's one core. */
export const searchScenarios: Scenario[] = [1, 10].flatMap((connections) => [
  { ...search.fastify, connections },
  { ...search.trpc, connections },
]);

export const searchComparisons: Comparison[] = [{ label: 'search.community: trpc / fastify', baseline: search.fastify.name, candidate: search.trpc.name }];

/** Seeding that the scenarios' first responses already depend on; runs before they are checked. */
export async function prepare(ctx: BenchContext): Promise<void> {
  await seedFeed(ctx);
  await seedChat(ctx, ctx.chatKey);
  await seedCourse(ctx);
  await seedBoard(ctx);
}

export const scenarios: Scenario[] = [
  ...[10, 100].flatMap((connections) => [
    { ...me.fastify, connections },
    { ...me.trpc, connections },
  ]),
  ...[10, 100].flatMap((connections) => [
    { ...membersMe.fastify, connections },
    { ...membersMe.trpc, connections },
  ]),
  // The index is dropped for the first and recreated for the second, so it is back when the run ends.
  { ...discover.noIndex, connections: 10 },
  { ...discover.indexed, connections: 10 },
  ...[10, 100].flatMap((connections) => [
    { ...feed.fastify, connections },
    { ...feed.trpc, connections },
  ]),
  { ...chat.fastify, connections: 10 },
  { ...chat.trpc, connections: 10 },
  ...[10, 100].flatMap((connections) => [
    { ...course.fastify, connections },
    { ...course.trpc, connections },
  ]),
  ...[10, 100].flatMap((connections) => [
    { ...board.fastify, connections },
    { ...board.trpc, connections },
  ]),
];

/** Ratios printed as candidate / baseline at each connection count; both must return the same payload. */
export const comparisons: Comparison[] = [
  { label: 'profiles.me: trpc / fastify', baseline: me.fastify.name, candidate: me.trpc.name },
  { label: 'profiles.me, a member per connection: trpc / fastify', baseline: membersMe.fastify.name, candidate: membersMe.trpc.name },
  { label: 'communities.list search: trgm index / none', baseline: discover.noIndex.name, candidate: discover.indexed.name },
  { label: 'posts.list: trpc / fastify', baseline: feed.fastify.name, candidate: feed.trpc.name },
  { label: 'chat.messages: trpc / fastify', baseline: chat.fastify.name, candidate: chat.trpc.name },
  { label: 'courses.byId + courses.lesson: trpc / fastify', baseline: course.fastify.name, candidate: course.trpc.name },
  { label: 'levels.board 30d: trpc / fastify', baseline: board.fastify.name, candidate: board.trpc.name },
];
