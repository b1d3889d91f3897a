import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createEmailJobs, createEmailSchedule, createMailTransport, type EmailJobs } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadMailSecret } from '../mail-secret.ts';
import type { MailWorkerData, MailWorkerMessage } from '../mail-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * E-mail: the unsubscribe links' secret, and its jobs when they run in this thread (null when off:
     * production without SMTP_URL; or when the sender runs in a thread of its own, `threaded`).
     */
    mail: { jobs: EmailJobs | null; threaded: boolean; secret: string };
  }
}

/** The compiled sender thread (dist/mail-worker.js beside dist/main.js); absent when running from sources. */
const WORKER_FILE = fileURLToPath(new URL('./mail-worker.js', import.meta.url));

/**
 * E-mail for the app's life: the scans that decide what to send and the worker that sends it,
 * through SMTP_URL or, without it outside production, into the local mailbox (/dev/mailbox). The
 * compiled server on Postgres sends from a worker thread at the lowest CPU priority (mail-worker.ts),
 * so a digest's thousands of e-mails do not slow the requests; from sources (development, tests) and on
 * the embedded database, which one thread owns, it sends from this thread.
 */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const { mail, databaseUrl } = app.config;
  const secret = loadMailSecret(app.config);
  if (mail.mode === 'off') {
    app.log.warn('E-MAIL IS OFF: SMTP_URL is not set, so no e-mail (mentions, digests, reminders) is sent. Set SMTP_URL and MAIL_FROM (see README).');
    app.decorate('mail', { jobs: null, threaded: false, secret });
    return;
  }
  if (mail.mode === 'mailbox') app.log.info({ mailbox: mail.mailboxDir }, `No SMTP_URL: e-mails go to the local mailbox, shown at ${app.config.publicUrl}/dev/mailbox on this computer`);
  const options = { database: app.database, from: mail.from, publicUrl: app.config.publicUrl, secret, batchSeconds: mail.batchSeconds, sendRate: mail.sendRate, log: app.log };
  if (!databaseUrl || !existsSync(WORKER_FILE)) {
    const jobs = createEmailJobs({ ...options, transport: createMailTransport({ smtpUrl: mail.smtpUrl, from: mail.from, mailboxDir: mail.mailboxDir }) });
    await jobs.start();
    app.decorate('mail', { jobs, threaded: false, secret });
    app.addHook('onClose', () => jobs.stop());
    return;
  }
  const stopSender = await startSenderThread(app, { databaseUrl, smtpUrl: mail.smtpUrl, from: mail.from, mailboxDir: mail.mailboxDir, publicUrl: app.config.publicUrl, secret, sendRate: mail.sendRate });
  const schedule = createEmailSchedule(options);
  schedule.start();
  app.decorate('mail', { jobs: null, threaded: true, secret });
  app.addHook('onClose', async () => {
    await schedule.stop();
    await stopSender();
  });
});

/** Starts the sender thread; resolves with a function that stops it (it finishes the e-mails in hand first). */
async function startSenderThread(app: FastifyInstance, data: MailWorkerData): Promise<() => Promise<void>> {
  const worker = new Worker(WORKER_FILE, { workerData: data, name: 'mail-sender' });
  worker.on('message', (message: MailWorkerMessage) => {
    if (message.type === 'log') app.log[message.level](message.details, message.message);
  });
  worker.on('error', (err) => app.log.error({ err }, 'the e-mail sender thread failed'));
  await new Promise<void>((resolve, reject) => {
    worker.once('online', resolve);
    worker.once('error', reject);
  });
  return async () => {
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    // A sender stuck on a dead SMTP server must not hold the shutdown: its jobs are leased and retried.
    const timer = setTimeout(() => void worker.terminate(), 8_000);
    await exited;
    clearTimeout(timer);
  };
}
