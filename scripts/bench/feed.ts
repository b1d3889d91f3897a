/**
 * The community feed at scale: one community of the bench user holding 100,000 posts (by 500
 * members, with likes and comments), then the first page of posts.list against the bare-Fastify
 * route doing the same work, and the delay from creating a post to its delivery to 1,000 WebSocket
 * subscribers.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { seedingDatabase, seedPeople, type BenchContext } from './context.ts';

export const FEED_POSTS = 100_000;
const FEED_AUTHORS = 500;
/** A fixed id, so scenario paths can name the community before it is seeded. */
export const FEED_COMMUNITY_ID = '00000000-0000-4000-8000-00000000b0b0';
export const SUBSCRIBERS = 1_000;
const DELIVERY_POSTS = 20;

const input = encodeURIComponent(JSON.stringify({ json: { communityId: FEED_COMMUNITY_ID } }));
export const feedTrpcPath = `/trpc/posts.list?input=${input}`;
export const feedFastifyPath = `/api/bench/posts/${FEED_COMMUNITY_ID}`;

/** Seeds the community (owned by the bench user), its members and 100,000 posts with likes and comments. */
export async function seedFeed(ctx: BenchContext): Promise<void> {
  const db = seedingDatabase(ctx, 'the feed scenarios run on an empty community');
  if (!db) return;
  const started = Date.now();
  await db.execute(sql`
    INSERT INTO communities (id, name, owner_id, members_count) VALUES (${FEED_COMMUNITY_ID}, 'Bench Feed', ${ctx.user.id}, ${FEED_AUTHORS + 1})`);
  await db.execute(sql`
    INSERT INTO community_members (community_id, user_id, role, status) VALUES (${FEED_COMMUNITY_ID}, ${ctx.user.id}, 'owner', 'approved')`);
  await seedPeople(db, 'author', FEED_AUTHORS);
  await db.execute(sql`
    INSERT INTO community_members (community_id, user_id, role, status)
    SELECT ${FEED_COMMUNITY_ID}, id, 'member', 'approved' FROM profiles WHERE email LIKE 'author%@bench.example'`);
  await db.execute(sql`
    WITH authors AS (SELECT array_agg(id ORDER BY username) AS ids FROM profiles WHERE email LIKE 'author%@bench.example')
    INSERT INTO posts (community_id, user_id, content, created_at, updated_at)
    SELECT ${FEED_COMMUNITY_ID}, authors.ids[1 + i % ${FEED_AUTHORS}], 'Bench post number ' || i || ': what we learned this week.',
           now() - make_interval(secs => i * 30), now() - make_interval(secs => i * 30)
    FROM authors, generate_series(1, ${FEED_POSTS}) AS i`);
  // The newest posts are the busiest: 20 likes and 5 comments on each of the newest 1,000.
  await db.execute(sql`
    WITH recent AS (SELECT id FROM posts WHERE community_id = ${FEED_COMMUNITY_ID} ORDER BY created_at DESC LIMIT 1000),
         likers AS (SELECT id FROM profiles WHERE email LIKE 'author%@bench.example' ORDER BY username LIMIT 20)
    INSERT INTO post_likes (post_id, user_id) SELECT recent.id, likers.id FROM recent, likers`);
  await db.execute(sql`
    WITH recent AS (SELECT id FROM posts WHERE community_id = ${FEED_COMMUNITY_ID} ORDER BY created_at DESC LIMIT 1000),
         commenters AS (SELECT id FROM profiles WHERE email LIKE 'author%@bench.example' ORDER BY username LIMIT 5)
    INSERT INTO comments (post_id, user_id, content) SELECT recent.id, commenters.id, 'Nice one!' FROM recent, commenters`);
  await db.execute(sql`ANALYZE posts`);
  await db.execute(sql`ANALYZE post_likes`);
  await db.execute(sql`ANALYZE comments`);
  console.log(`[seeded ${FEED_POSTS.toLocaleString('en-US')} posts in ${((Date.now() - started) / 1000).toFixed(1)} s]`);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface DeliveryResult {
  subscribers: number;
  posts: number;
  deliveries: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
}

export interface DeliveryOptions {
  /** WebSocket connections, each with one feed subscription. */
  sockets?: number;
  /** The members they belong to: socket i signs in as cookies[i % cookies.length] (tabs of one person). */
  cookies?: string[];
  communityId?: string;
  /** Called once every subscription has started, just before the first post. */
  onSubscribed?: () => void | Promise<void>;
}

/**
 * Opens `sockets` WebSocket connections (1,000 of the bench user by default) subscribed to the
 * feed, then creates 20 posts one after another (each once the previous has reached everyone or 5 s
 * passed) and measures, for every subscriber, the time from sending the create request to
 * receiving the event.
 *
 * The sockets speak tRPC's WebSocket protocol themselves (a subscription request, then `started`
 * and `data` messages) and take the time as a message arrives, before reading it: thousands of
 * tRPC clients in this one process spent about 50 µs each to hand an event on (superjson and the
 * client's observables), which on one core was a quarter of a second per post for 5,000 sockets,
 * counted as the server's delay. In a browser each tab does that work on its own.
 */
export async function measureDelivery(
  ctx: BenchContext,
  { sockets = SUBSCRIBERS, cookies = [ctx.cookie], communityId = FEED_COMMUNITY_ID, onSubscribed }: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const wsUrl = `${ctx.baseUrl.replace(/^http/, 'ws')}/trpc`;
  const origin = ctx.baseUrl;
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  const received = new Map<string, number>();
  const clients: WebSocket[] = [];
  let ready = 0;
  let failure: unknown = null;
  const request = JSON.stringify({ id: 1, method: 'subscription', params: { path: 'posts.onFeed', input: { json: { communityId } } } });

  for (let i = 0; i < sockets; i += 1) {
    const ws = new WebSocket(wsUrl, { headers: { cookie: cookies[i % cookies.length]!, origin } });
    ws.on('open', () => ws.send(request));
    ws.on('error', (error) => {
      if (!failure) failure = error;
    });
    ws.on('message', (raw) => {
      const at = performance.now();
      const text = String(raw);
      // tRPC's keep-alive.
      if (text === 'PING') return ws.send('PONG');
      const message = JSON.parse(text) as {
        error?: unknown;
        result?: { type: string; data?: { json?: { data?: { type: string; post?: { content: string } } } } };
      };
      if (message.error) {
        if (!failure) failure = message.error;
        return;
      }
      if (message.result?.type === 'started') ready += 1;
      const event = message.result?.data?.json?.data;
      if (message.result?.type !== 'data' || event?.type !== 'post.created') return;
      const start = sentAt.get(event.post!.content);
      if (start === undefined) return;
      delays.push(at - start);
      received.set(event.post!.content, (received.get(event.post!.content) ?? 0) + 1);
    });
    clients.push(ws);
  }
  const deadline = Date.now() + 60_000;
  while (ready < sockets && !failure && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (ready < sockets) throw new Error(`Only ${ready} of ${sockets} subscriptions started within 60 s.`, { cause: failure });
  // Subscriptions count as started before their LISTEN is certain: give the server a moment.
  await new Promise((r) => setTimeout(r, 1000));
  await onSubscribed?.();

  for (let n = 1; n <= DELIVERY_POSTS; n += 1) {
    const content = `delivery probe ${n} ${Date.now()}`;
    sentAt.set(content, performance.now());
    const res = await fetch(`${ctx.baseUrl}/trpc/posts.create`, {
      method: 'POST',
      headers: { cookie: ctx.cookie, 'content-type': 'application/json', origin },
      body: JSON.stringify({ json: { communityId, content } }),
    });
    if (res.status !== 200) throw new Error(`posts.create answered ${res.status}: ${await res.text()}`);
    const until = Date.now() + 5000;
    while ((received.get(content) ?? 0) < sockets && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
  }
  for (const ws of clients) ws.close();
  const sorted = delays.sort((a, b) => a - b);
  return {
    subscribers: sockets,
    posts: DELIVERY_POSTS,
    deliveries: sorted.length,
    expected: sockets * DELIVERY_POSTS,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}
