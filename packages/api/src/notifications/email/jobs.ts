import type { Database, Queryable } from '@app/db';
import { emailsSent, messages, notifications } from '@app/db/schema';
import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import { createHousekeeping, type HousekeepingLog, type HousekeepingTask } from '../../platform/jobs/scheduler.ts';
import { createTaskWorker, enqueueTasks, type TaskLog } from '../../platform/jobs/tasks.ts';
import { domainOf, type MailTransport } from '../../platform/mail/transport.ts';
import { activityEmail, dueForActivity } from './activity.ts';
import { queueDigests, type DigestPeriod } from './digest.ts';
import { appLinks, type AppLinks } from './links.ts';
import type { EmailJob } from './model.ts';
import { noticeEmails, welcomeEmails } from './notices.ts';
import { renderEmail } from './render.tsx';
import { unsubscribeToken } from './unsubscribe.ts';

export const MAIL_TASK = 'mail.send';
/** Failed sends are retried after 1, 2, 4 … seconds; after this many attempts the job is a dead letter. */
export const MAIL_MAX_ATTEMPTS = 10;
/** Digests go out from this hour (UTC): daily every day, weekly from Monday. */
const DIGEST_HOUR_UTC = 8;

/** Queues e-mails in the caller's transaction (the one that marks what they tell of as e-mailed). */
export function enqueueEmails(tx: Queryable, jobs: EmailJob[]): Promise<void> {
  return enqueueTasks(tx, MAIL_TASK, jobs as unknown as Record<string, unknown>[], { maxAttempts: MAIL_MAX_ATTEMPTS });
}

export interface EmailJobsOptions {
  database: Database;
  transport: MailTransport;
  /** The From address (for Message-IDs). */
  from: string;
  publicUrl: string;
  /** Signs unsubscribe links. */
  secret: string;
  /** Mentions, replies and messages unseen this long are e-mailed, several in one e-mail. */
  batchSeconds: number;
  /** At most this many e-mails a second leave this process (default 100: a digest of 10,000 in 100 s). */
  sendRate?: number;
  log: TaskLog & HousekeepingLog;
}

/** The scans that decide what to e-mail, each a leased round (one process at a time). */
export function emailScans(links: AppLinks, batchSeconds: number): HousekeepingTask[] {
  const digest = (period: DigestPeriod): HousekeepingTask => ({
    name: `email-digest-${period}`,
    everyMs: 5 * 60_000,
    run: (database) => {
      const now = new Date();
      const day = now.getUTCDay();
      const open = now.getUTCHours() >= DIGEST_HOUR_UTC || (period === 'weekly' && day !== 1);
      return open ? queueDigests(database.db, period, links, enqueueEmails, now) : Promise.resolve(0);
    },
  });
  return [
    {
      name: 'email-activity',
      everyMs: 15_000,
      async run(database) {
        let queued = 0;
        for (const userId of await dueForActivity(database.db, batchSeconds)) {
          queued += await database.db.transaction(async (tx) => {
            const job = await activityEmail(tx, userId, batchSeconds, links);
            if (job) await enqueueEmails(tx, [job]);
            return job ? 1 : 0;
          });
        }
        return queued;
      },
    },
    {
      name: 'email-notices',
      everyMs: 10_000,
      run: (database) =>
        database.db.transaction(async (tx) => {
          const jobs = [...(await noticeEmails(tx, links)), ...(await welcomeEmails(tx, links))];
          await enqueueEmails(tx, jobs);
          return jobs.length;
        }),
    },
    digest('daily'),
    digest('weekly'),
    {
      // The ledger only has to outlive the periods it guards (a week's digest, a day's welcomes).
      name: 'email-ledger-prune',
      everyMs: 3_600_000,
      async run(database) {
        const gone = await database.db.delete(emailsSent).where(lt(emailsSent.createdAt, sql`now() - interval '30 days'`)).returning({ key: emailsSent.key });
        return gone.length;
      },
    },
  ];
}

/**
 * Spaces sends at least 1/rate seconds apart, however many lanes send at once: a burst (the weekly
 * digest) goes out at a steady rate instead of taking the process from the requests. `wait()` books
 * the next slot and says how long to wait for it.
 */
export function pacer(perSecond: number, now: () => number = () => performance.now()): { wait(): number } {
  const gapMs = 1000 / perSecond;
  let next = 0;
  return {
    wait() {
      const at = Math.max(now(), next);
      next = at + gapMs;
      return at - now();
    },
  };
}

/** Still worth sending: not everything it tells of was seen in the app meanwhile. */
async function stillUnseen(db: Queryable, job: EmailJob): Promise<boolean> {
  const c = job.content;
  const ids = c.kind === 'activity' ? c.notificationIds : c.kind === 'reminder' || c.kind === 'decision' ? [c.notificationId] : [];
  const messageIds = c.kind === 'activity' ? c.messageIds : [];
  if (ids.length === 0 && messageIds.length === 0) return true;
  if (ids.length && (await db.$count(notifications, and(inArray(notifications.id, ids), isNull(notifications.readAt)))) > 0) return true;
  return messageIds.length > 0 && (await db.$count(messages, and(inArray(messages.id, messageIds), isNull(messages.readAt)))) > 0;
}

export type EmailSenderOptions = Omit<EmailJobsOptions, 'batchSeconds' | 'log'> & { log: TaskLog };

/** The worker that renders and sends queued e-mails, with retries and a dead letter (the server may run it in a thread of its own). */
export function createEmailSender(options: EmailSenderOptions) {
  const { database, transport, publicUrl, secret, log } = options;
  const links = appLinks(publicUrl);
  const host = domainOf(options.from);
  const pace = pacer(options.sendRate ?? 100);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const sender = createTaskWorker({
    database,
    task: MAIL_TASK,
    log,
    pollMs: 2000,
    batchSize: 50,
    concurrency: 8,
    leaseSeconds: 120,
    async run(payload, _attempt, id) {
      const queued = payload as EmailJob;
      // A logo queued as stored ('/api/…', by a procedure that does not know PUBLIC_URL) is made absolute here.
      const job = queued.community ? { ...queued, community: { ...queued.community, logoUrl: links.absolute(queued.community.logoUrl) } } : queued;
      if (!(await stillUnseen(database.db, job))) return;
      const wait = pace.wait();
      if (wait > 0) await sleep(wait);
      const unsubscribeUrl = job.userId && job.unsubscribe ? links.unsubscribe(unsubscribeToken(secret, job.userId, job.unsubscribe)) : null;
      const email = await renderEmail(job, { unsubscribeUrl, settingsUrl: links.settings, publicUrl });
      await transport.send({
        to: job.to,
        ...email,
        // One Message-ID per job: a resend after a crash mid-send is the same message to the receiver.
        messageId: `<mail-${id}@${host}>`,
        headers: unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {},
      });
    },
  });
  return {
    sender,
    start: () => sender.start(),
    async stop() {
      await sender.stop();
      transport.close();
    },
  };
}
export type EmailSender = ReturnType<typeof createEmailSender>;

/** The scans that decide what to e-mail and queue it, each a leased round (one process at a time). */
export function createEmailSchedule(options: Pick<EmailJobsOptions, 'database' | 'publicUrl' | 'batchSeconds' | 'log'>) {
  return createHousekeeping(options.database, emailScans(appLinks(options.publicUrl), options.batchSeconds), options.log);
}

/**
 * E-mail: the scans that queue e-mails (as jobs on the task queue, in the transaction that marks
 * what they tell of) and the worker that renders and sends them, in this thread.
 */
export function createEmailJobs(options: EmailJobsOptions) {
  const sending = createEmailSender(options);
  const schedule = createEmailSchedule(options);
  return {
    sender: sending.sender,
    schedule,
    async start() {
      await sending.start();
      schedule.start();
    },
    async stop() {
      await schedule.stop();
      await sending.stop();
    },
  };
}
export type EmailJobs = ReturnType<typeof createEmailJobs>;
