/**
 * The e-mail sender in a worker thread of its own (the compiled server runs it so on Postgres):
 * rendering and handing thousands of e-mails to SMTP (a weekly digest) costs a few milliseconds of
 * CPU each, and here that CPU is taken at a lower priority than the requests' (SENDER_NICE, which
 * Linux applies to this thread alone), so requests come first.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createEmailSender, createMailTransport } from '@app/api/server';
import { createDatabase } from '@app/db';
import { SENDER_NICE } from './mail-priority.ts';

export interface MailWorkerData {
  databaseUrl: string;
  smtpUrl: string | null;
  from: string;
  mailboxDir: string;
  publicUrl: string;
  secret: string;
  sendRate: number;
}

/** What the thread tells the server: a line for its log, or that it has stopped. */
export type MailWorkerMessage = { type: 'log'; level: 'warn' | 'error'; details: object; message: string } | { type: 'stopped' };

const port = parentPort!;
const data = workerData as MailWorkerData;
try {
  setPriority(0, SENDER_NICE);
} catch {
  // Not allowed here (some containers): the sender still paces itself at EMAIL_SEND_RATE.
}
const post = (message: MailWorkerMessage) => port.postMessage(message);
const log = {
  warn: (details: object, message: string) => post({ type: 'log', level: 'warn', details: plain(details), message }),
  error: (details: object, message: string) => post({ type: 'log', level: 'error', details: plain(details), message }),
};
const database = await createDatabase({ kind: 'postgres', url: data.databaseUrl, maxConnections: 3 });
const transport = createMailTransport({ smtpUrl: data.smtpUrl, from: data.from, mailboxDir: data.mailboxDir });
const sending = createEmailSender({ database, transport, from: data.from, publicUrl: data.publicUrl, secret: data.secret, sendRate: data.sendRate, log });
await sending.start();
port.on('message', async (message: unknown) => {
  if (message !== 'stop') return;
  await sending.stop();
  await database.close();
  post({ type: 'stopped' });
  port.close();
});

/** Log details as the server's logger would print them (an Error's message and stack survive the copy). */
function plain(details: object): object {
  return JSON.parse(JSON.stringify(details, (_key, value: unknown) => (value instanceof Error ? { message: value.message, stack: value.stack } : value)));
}
