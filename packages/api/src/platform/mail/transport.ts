import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { saveToMailbox } from './mailbox.ts';

/** One e-mail, ready to hand over: its words rendered, its headers set. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post…). */
  headers?: Record<string, string>;
  /** A stable Message-ID (derived from the job), so a resend after a crash is recognisably the same mail. */
  messageId?: string;
}

export interface MailTransport {
  /** 'smtp' sends through SMTP_URL; 'mailbox' keeps every e-mail in a local folder (development). */
  kind: 'smtp' | 'mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  /** smtp(s)://user:pass@host:port; null: the local mailbox. */
  smtpUrl: string | null;
  /** The From header, e.g. `Commonroom <hello@example.com>`. */
  from: string;
  /** Where the local mailbox keeps e-mails (without an SMTP URL). */
  mailboxDir: string;
  /** Seconds an SMTP connection, greeting or command may take. */
  timeoutSeconds?: number;
}

/**
 * Hands e-mails to an SMTP server (nodemailer, a small pool of connections), or without one to the
 * local mailbox the /dev/mailbox page shows. Knows no domain: callers render the words.
 */
export function createMailTransport({ smtpUrl, from, mailboxDir, timeoutSeconds = 30 }: MailTransportOptions): MailTransport {
  const ms = timeoutSeconds * 1000;
  const transporter = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 4, connectionTimeout: ms, greetingTimeout: ms, socketTimeout: ms } as never)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: smtpUrl ? 'smtp' : 'mailbox',
    async send(mail) {
      const messageId = mail.messageId ?? `<${randomUUID()}@${domainOf(from)}>`;
      const info = await transporter.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers ?? {}, messageId });
      if (!smtpUrl) await saveToMailbox(mailboxDir, { to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers ?? {}, messageId, raw: (info as { message: Buffer }).message });
    },
    close: () => transporter.close(),
  };
}

/** The host part of a From address, for Message-IDs. */
export function domainOf(address: string): string {
  return /@([^>\s]+)/.exec(address)?.[1] ?? 'localhost';
}
