import { createEmailJobs, createMailTransport, type EmailJobs } from '@app/api/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadMailSecret } from '../mail-secret.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** E-mail: its jobs (null when off: production without SMTP_URL) and the unsubscribe links' secret. */
    mail: { jobs: EmailJobs | null; secret: string };
  }
}

/**
 * E-mail for the app's life: the scans that decide what to send and the worker that sends it,
 * through SMTP_URL or, without it outside production, into the local mailbox (/dev/mailbox).
 */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const { mail } = app.config;
  const secret = loadMailSecret(app.config);
  if (mail.mode === 'off') {
    app.log.warn('E-MAIL IS OFF: SMTP_URL is not set, so no e-mail (mentions, digests, reminders) is sent. Set SMTP_URL and MAIL_FROM (see README).');
    app.decorate('mail', { jobs: null, secret });
    return;
  }
  if (mail.mode === 'mailbox') app.log.info({ mailbox: mail.mailboxDir }, `No SMTP_URL: e-mails go to the local mailbox, shown at ${app.config.publicUrl}/dev/mailbox on this computer`);
  const transport = createMailTransport({ smtpUrl: mail.smtpUrl, from: mail.from, mailboxDir: mail.mailboxDir });
  const jobs = createEmailJobs({ database: app.database, transport, from: mail.from, publicUrl: app.config.publicUrl, secret, batchSeconds: mail.batchSeconds, sendRate: mail.sendRate, log: app.log });
  await jobs.start();
  app.decorate('mail', { jobs, secret });
  app.addHook('onClose', () => jobs.stop());
});
