/**
 * The weekly digest for 10,000 members (issue 22): queued, rendered and handed to a local SMTP server
 * (smtp-server, in this process, counting what arrives) while the feed is under load, against the
 * feed's p99 without it. Goal: all 10,000 within 2 minutes, the feed's p99 at most 20% slower.
 */
import type { AddressInfo } from 'node:net';
import { enqueueEmails, queueDigestsFor } from '@app/api/server';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { seedPeople, type BenchContext } from './context.ts';
import { cpuMsBetween, cpuMsByName, cpuMsOf } from './processes.ts';
import { FEED_COMMUNITY_ID } from './feed.ts';
import { runLoad, type LoadOptions, type LoadResult } from './load.ts';

export const DIGEST_MEMBERS = 10_000;
const DEADLINE_MS = 180_000;
/** The feed is measured for this long before the digest, and for this long from its start (queueing and most of the sending). */
const FEED_BEFORE_SECONDS = 30;
export const FEED_DURING_SECONDS = 90;

/** A local SMTP server that accepts everything and counts it; SMTP_URL for the bench server. */
export async function startCountingSmtp() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type CountingSmtp = Awaited<ReturnType<typeof startCountingSmtp>>;

export interface DigestResult {
  members: number;
  queued: number;
  queueMs: number;
  /** From the start of queueing to the last e-mail accepted by the SMTP server; null when not all arrived in time. */
  deliveredMs: number | null;
  delivered: number;
  feedBefore: LoadResult;
  feedDuring: LoadResult;
  /** CPU time per second of the feed load before the digest (ms/s, 1000 = a whole core): the server, Postgres, this process. */
  cpuBefore: CpuShares;
  /** The same over the feed load during the digest (this process holds the SMTP server). */
  cpuDuring: CpuShares;
  /** E-mails handed to SMTP while the feed was measured during the digest. */
  deliveredDuringFeed: number;
}
export interface CpuShares {
  server: number;
  postgres: number;
  bench: number;
}

/** Reads the CPU time of the server, Postgres and this process, and returns a function that says what each spent since. */
function cpuMeter(serverPid: number) {
  const server = cpuMsOf(serverPid);
  const postgres = cpuMsByName('postgres');
  const bench = process.cpuUsage();
  const started = performance.now();
  return (): CpuShares => {
    const own = process.cpuUsage(bench);
    const perSecond = (ms: number) => Math.round((ms * 1000) / (performance.now() - started));
    return { server: perSecond(cpuMsOf(serverPid) - server), postgres: perSecond(cpuMsBetween(postgres, cpuMsByName('postgres'))), bench: perSecond((own.user + own.system) / 1000) };
  };
}

/** Seeds 10,000 members of the feed's community who chose the weekly digest (joined two days ago: no welcome). */
async function seedMembers(ctx: BenchContext): Promise<void> {
  const { db } = ctx.database!;
  await seedPeople(db, 'reader', DIGEST_MEMBERS);
  await db.execute(sql`
    INSERT INTO community_members (community_id, user_id, role, status, joined_at)
    SELECT ${FEED_COMMUNITY_ID}, id, 'member', 'approved', now() - interval '2 days' FROM profiles WHERE email LIKE 'reader%@bench.example'`);
  await db.execute(sql`
    INSERT INTO notification_preferences (user_id, communication_emails, email_digest)
    SELECT id, true, 'weekly' FROM profiles WHERE email LIKE 'reader%@bench.example'`);
}

export async function measureDigest(ctx: BenchContext, smtp: CountingSmtp, feedLoad: LoadOptions, serverPid: number): Promise<DigestResult | null> {
  if (!ctx.database) return null;
  await seedMembers(ctx);
  const meterBefore = cpuMeter(serverPid);
  const feedBefore = await runLoad({ ...feedLoad, durationSec: FEED_BEFORE_SECONDS });
  const cpuBefore = meterBefore();
  const before = smtp.received();
  const meter = cpuMeter(serverPid);
  const started = performance.now();
  let deliveredDuringFeed = 0;
  let cpuDuring: CpuShares | null = null;
  const during = runLoad({ ...feedLoad, durationSec: FEED_DURING_SECONDS }).then((result) => {
    cpuDuring = meter();
    deliveredDuringFeed = smtp.received() - before;
    return result;
  });
  // The server's weekly scan, run here so the bench need not wait for Monday 08:00 UTC.
  const queued = await queueDigestsFor(ctx.database.db, 'weekly', ctx.baseUrl, enqueueEmails);
  const queueMs = performance.now() - started;
  let deliveredMs: number | null = null;
  while (performance.now() - started < DEADLINE_MS) {
    if (smtp.received() - before >= queued) {
      deliveredMs = performance.now() - started;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const feedDuring = await during;
  return { members: DIGEST_MEMBERS, queued, queueMs, deliveredMs, delivered: smtp.received() - before, feedBefore, feedDuring, cpuBefore, cpuDuring: cpuDuring!, deliveredDuringFeed };
}
