import { enqueueEmails, unsubscribeToken } from '@app/api/server';
import { describe, expect, it } from 'vitest';
import { profileByEmail, signedInPerson } from '../testing/fixtures.ts';
import { trpcAnswer, trpcQuery } from '../testing/http.ts';
import { EVIL_ORIGIN, useServer } from '../testing/server.ts';

const server = useServer();

async function settingsOf(cookie: string) {
  return trpcAnswer<{ emailDigest: string; socialEmails: boolean }>(await trpcQuery(server.app, 'profiles.notifications', undefined, cookie)).data!;
}

describe('e-mail routes', () => {
  it('remembers the interface language the person last used, for their e-mails', async () => {
    const person = await signedInPerson(server);
    await trpcQuery(server.app, 'profiles.notifications', undefined, `${person.cookie}; lang=ar`);
    expect((await profileByEmail(server.database, person.email))!.interfaceLanguage).toBe('ar');
    await trpcQuery(server.app, 'profiles.notifications', undefined, `${person.cookie}; lang=en`);
    expect((await profileByEmail(server.database, person.email))!.interfaceLanguage).toBe('en');
  });

  it('an unsubscribe link asks first, then one click (RFC 8058) turns exactly that e-mail off without signing in', async () => {
    const person = await signedInPerson(server);
    const url = `/email/unsubscribe?token=${encodeURIComponent(unsubscribeToken(server.app.mail.secret, person.id, 'digest'))}`;

    const page = await server.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await settingsOf(person.cookie)).emailDigest).toBe('weekly');

    // A mail provider's POST: no cookie, no Origin, the RFC 8058 body.
    const click = await server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(click.statusCode).toBe(200);
    expect(click.body).toContain('You are unsubscribed');
    expect(await settingsOf(person.cookie)).toMatchObject({ emailDigest: 'off', socialEmails: true });
  });

  it('refuses a token it did not sign, and a cross-site form', async () => {
    const person = await signedInPerson(server);
    const forged = await server.app.inject({ method: 'POST', url: `/email/unsubscribe?token=${encodeURIComponent(unsubscribeToken('another-secret-entirely', person.id, 'social'))}` });
    expect(forged.statusCode).toBe(400);
    const url = `/email/unsubscribe?token=${encodeURIComponent(unsubscribeToken(server.app.mail.secret, person.id, 'social'))}`;
    const crossSite = await server.app.inject({ method: 'POST', url, headers: { origin: EVIL_ORIGIN } });
    expect(crossSite.statusCode).toBe(403);
    expect((await settingsOf(person.cookie)).socialEmails).toBe(true);
  });

  it('keeps e-mails in the local mailbox without SMTP_URL, shown at /dev/mailbox to this computer only', async () => {
    const person = await signedInPerson(server);
    await server.database.db.transaction((tx) =>
      enqueueEmails(tx, [{ userId: person.id, to: person.email, language: 'en', community: { name: 'Garden Club', logoUrl: null }, unsubscribe: 'communication', content: { kind: 'welcome', link: 'http://localhost:3000/community/Garden%20Club' } }]),
    );
    // The running sender is woken by the queue's NOTIFY and may take the e-mail before this pass does.
    await server.app.mail.jobs!.sender.runDue();
    const mailbox = () => server.app.inject({ method: 'GET', url: '/dev/mailbox' });
    await expect.poll(async () => (await mailbox()).body, { timeout: 10_000 }).toContain('Welcome to Garden Club');
    const list = await mailbox();
    expect(list.statusCode).toBe(200);
    const id = /href="\/dev\/mailbox\/([^"]+)"/.exec(list.body)![1]!;
    const one = await server.app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
    expect(one.body).toContain('List-Unsubscribe-Post');
    expect(one.body).toContain(person.email);
    const framed = await server.app.inject({ method: 'GET', url: `/dev/mailbox/${id}/html` });
    expect(framed.body).toContain('dir="ltr"');
    expect(framed.headers['content-security-policy']).toContain('sandbox');
    const stranger = await server.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '203.0.113.7' });
    expect(stranger.statusCode).toBe(403);
  });
});
