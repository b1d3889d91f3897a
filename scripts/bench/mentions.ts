/**
 * Notification fan-out of a mention: a post naming 50 members, against a plain post (25 of each,
 * after 3 of each not counted), and the delay until every one of the 50 people's bells (a WebSocket subscription to notifications.onChange
 * each, signed in as themselves) hears of it.
 */
import { performance } from 'node:perf_hooks';
import type { AppRouter } from '@app/api';
import { sql } from 'drizzle-orm';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';
import type { BenchContext } from './context.ts';
import { percentile } from './feed.ts';

const MENTIONED = 50;
/** Posts of each kind: under the per-person limit of 30 posts a minute, each kind by its own author. */
const ROUNDS = 25;
/**
 * Rounds first posted and not counted, as every scenario of the bench warms up (BENCH_WARMUP): the
 * first mentions pay for compiling the notification path and the first plans of its queries.
 */
const WARMUP_ROUNDS = 3;
const COMMUNITY_ID = '00000000-0000-4000-8000-00000000ce11';

export interface MentionResult {
  rounds: number;
  /** Rounds posted first and not counted. */
  warmup: number;
  mentioned: number;
  plain: { p50: number; p99: number };
  mentions: { p50: number; p99: number };
  bells: { p50: number; p99: number; max: number; heard: number; expected: number };
  /** The counted round whose mentioning post was slowest (0-based), and its time. */
  slowest: { round: number; ms: number };
}

async function signIn(baseUrl: string, email: string, name: string): Promise<{ cookie: string; userId: string }> {
  const res = await fetch(`${baseUrl}/auth/dev/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, name }) });
  if (res.status !== 200) throw new Error(`Dev sign-in answered ${res.status}: ${await res.text()}`);
  const { userId } = (await res.json()) as { userId: string };
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '').find((c) => c.includes('=') && !c.endsWith('='));
  if (!cookie) throw new Error('Dev sign-in set no cookie.');
  return { cookie, userId };
}

async function createPost(ctx: BenchContext, cookie: string, content: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${ctx.baseUrl}/trpc/posts.create`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: ctx.baseUrl },
    body: JSON.stringify({ json: { communityId: COMMUNITY_ID, content } }),
  });
  if (res.status !== 200) throw new Error(`posts.create answered ${res.status}: ${await res.text()}`);
  return performance.now() - started;
}

const sortedFigures = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

/** Null on PGlite (the community is seeded through the bench database). */
export async function measureMentions(ctx: BenchContext): Promise<MentionResult | null> {
  if (!ctx.database) return null;
  const { db } = ctx.database;
  const people = [];
  for (let i = 0; i < MENTIONED; i += 1) people.push(await signIn(ctx.baseUrl, `mentioned${i}@bench.example`, `Mentioned ${i}`));
  const plainAuthor = await signIn(ctx.baseUrl, 'plain-author@bench.example', 'Plain Author');
  // Not the bench's own user: its posts in the feed delivery scenario count against the same minute.
  const mentionAuthor = await signIn(ctx.baseUrl, 'mention-author@bench.example', 'Mention Author');
  await db.execute(sql`INSERT INTO communities (id, name, owner_id, members_count) VALUES (${COMMUNITY_ID}, 'Bench Mentions', ${ctx.user.id}, ${MENTIONED + 3})`);
  const members = [ctx.user.id, plainAuthor.userId, mentionAuthor.userId, ...people.map((p) => p.userId)];
  for (const userId of members) {
    await db.execute(sql`INSERT INTO community_members (community_id, user_id, role, status) VALUES (${COMMUNITY_ID}, ${userId}, ${userId === ctx.user.id ? 'owner' : 'member'}, 'approved')`);
  }

  const wsUrl = `${ctx.baseUrl.replace(/^http/, 'ws')}/trpc`;
  let sentAt = 0;
  const heardIn: number[][] = [];
  let round = -1;
  let ready = 0;
  const clients = people.map((person, i) => {
    const origin = ctx.baseUrl;
    class PersonSocket extends WebSocket {
      constructor(url: string | URL) {
        super(url, { headers: { cookie: person.cookie, origin } });
      }
    }
    const ws = createWSClient({ url: wsUrl, WebSocket: PersonSocket as unknown as typeof globalThis.WebSocket, keepAlive: { enabled: false } });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: ws, transformer: superjson })] });
    const sub = client.notifications.onChange.subscribe(
      {},
      {
        onStarted: () => (ready += 1),
        onData: () => {
          if (round < 0 || heardIn[round]![i] !== undefined) return;
          heardIn[round]![i] = performance.now() - sentAt;
        },
      },
    );
    return { close: () => ws.close(), unsubscribe: () => sub.unsubscribe() };
  });
  const deadline = Date.now() + 30_000;
  while (ready < MENTIONED && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (ready < MENTIONED) throw new Error(`Only ${ready} of ${MENTIONED} bells subscribed within 30 s.`);
  await new Promise((r) => setTimeout(r, 1000));

  const plain: number[] = [];
  const mentions: number[] = [];
  const tokens = people.map((p) => `@[${p.userId}]`).join(' ');
  for (let n = 0; n < WARMUP_ROUNDS; n += 1) {
    await createPost(ctx, plainAuthor.cookie, `A warm-up post, number ${n}`);
    await createPost(ctx, mentionAuthor.cookie, `Warm-up ${n}, welcome ${tokens}`);
  }
  // The bells' warm-up notices are not counted: wait for them to have passed.
  await new Promise((r) => setTimeout(r, 1000));
  for (let n = 0; n < ROUNDS; n += 1) {
    plain.push(await createPost(ctx, plainAuthor.cookie, `A plain post, number ${n}`));
    heardIn.push(new Array<number>(MENTIONED));
    round = n;
    sentAt = performance.now();
    mentions.push(await createPost(ctx, mentionAuthor.cookie, `Round ${n}, welcome ${tokens}`));
    const until = Date.now() + 5000;
    while (heardIn[n]!.filter((d) => d !== undefined).length < MENTIONED && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
  }
  for (const c of clients) {
    c.unsubscribe();
    c.close();
  }
  const delays = heardIn.flatMap((r) => r.filter((d) => d !== undefined)).sort((a, b) => a - b);
  const slowestMs = Math.max(...mentions);
  return {
    slowest: { round: mentions.indexOf(slowestMs), ms: slowestMs },
    warmup: WARMUP_ROUNDS,
    rounds: ROUNDS,
    mentioned: MENTIONED,
    plain: sortedFigures(plain),
    mentions: sortedFigures(mentions),
    bells: { p50: percentile(delays, 50), p99: percentile(delays, 99), max: delays.at(-1) ?? Number.NaN, heard: delays.length, expected: ROUNDS * MENTIONED },
  };
}
