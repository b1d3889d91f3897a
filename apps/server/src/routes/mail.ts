import { listMailbox, readMailboxEntry, readUnsubscribeToken, unsubscribe } from '@app/api/server';
import { acceptedLanguages, languageCookie, pickLanguage } from '@app/shared/language';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badUnsubscribePage, mailboxEntryPage, mailboxPage, unsubscribeConfirmPage, unsubscribedPage } from '../views/mail-pages.ts';

const tokenQuery = z.object({ token: z.string().max(1000) });

function languageOf(req: FastifyRequest) {
  return pickLanguage(languageCookie(req.headers.cookie), acceptedLanguages(req.headers['accept-language']));
}

/**
 * E-mail over HTTP: the unsubscribe link (GET confirms, POST turns that kind of e-mail off without
 * signing in: RFC 8058 one-click), and the local mailbox at /dev/mailbox, on this computer only.
 */
export async function mailRoutes(app: FastifyInstance) {
  const html = 'text/html; charset=utf-8';

  async function named(req: FastifyRequest) {
    const query = tokenQuery.safeParse(req.query);
    return query.success ? readUnsubscribeToken(app.mail.secret, query.data.token) : null;
  }

  app.get('/email/unsubscribe', async (req, reply) => {
    const target = await named(req);
    reply.header('cache-control', 'no-store').type(html);
    if (!target) return reply.code(400).send(badUnsubscribePage(languageOf(req)));
    return reply.send(unsubscribeConfirmPage(languageOf(req), target.kind, req.url));
  });

  // Mail providers POST here from their servers (List-Unsubscribe-Post), people from the page above.
  app.post('/email/unsubscribe', async (req, reply) => {
    const target = await named(req);
    reply.header('cache-control', 'no-store').type(html);
    if (!target) return reply.code(400).send(badUnsubscribePage(languageOf(req)));
    await unsubscribe(app.database.db, target.userId, target.kind);
    req.log.info({ userId: target.userId, kind: target.kind }, 'unsubscribed from e-mails');
    return reply.send(unsubscribedPage(languageOf(req), target.kind));
  });

  if (app.config.mail.mode !== 'mailbox') return;
  const localOnly = { preHandler: app.standIns.localOnly };
  const dir = app.config.mail.mailboxDir;
  app.get('/dev/mailbox', localOnly, async (_req, reply) => reply.header('cache-control', 'no-store').type(html).send(mailboxPage(await listMailbox(dir))));
  app.get('/dev/mailbox/:id', localOnly, async (req, reply) => {
    const entry = await readMailboxEntry(dir, (req.params as { id: string }).id);
    if (!entry) return reply.code(404).type(html).send(mailboxPage([]));
    // The page frames the e-mail from this origin (the app's own policy allows only video sites).
    reply.header('content-security-policy', "default-src 'self'; style-src 'unsafe-inline'; frame-src 'self'; frame-ancestors 'none'");
    return reply.header('cache-control', 'no-store').type(html).send(mailboxEntryPage(entry));
  });
  // The e-mail's own HTML, as a mail client shows it: no scripts, its images from anywhere, framed by the page above only.
  app.get('/dev/mailbox/:id/html', localOnly, async (req, reply) => {
    const entry = await readMailboxEntry(dir, (req.params as { id: string }).id);
    if (!entry) return reply.code(404).send();
    reply.header('content-security-policy', "sandbox; default-src 'none'; img-src * data:; style-src 'unsafe-inline'; frame-ancestors 'self'");
    return reply.header('cache-control', 'no-store').type(html).send(entry.html);
  });
}
