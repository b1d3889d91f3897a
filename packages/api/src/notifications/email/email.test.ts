import { communityEvents, notificationOutbox, notifications, postLikes } from '@app/db/schema';
import type { Database } from '@app/db';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, createTestWorld, useTestDatabase, type TestWorld } from '../../testing/index.ts';
import { startTestSmtp, type TestSmtp } from '../../testing/smtp.ts';
import { createMailTransport } from '../../platform/mail/transport.ts';
import { callerFor } from '../../testing/callers.ts';
import { notify } from '../service.ts';
import { eventReminders } from '../worker.ts';
import { queueDigests } from './digest.ts';
import { createEmailJobs, enqueueEmails, MAIL_TASK, type EmailJobs } from './jobs.ts';
import { appLinks } from './links.ts';
import { readUnsubscribeToken, unsubscribe } from './unsubscribe.ts';

const SECRET = 'test-mail-secret';
const PUBLIC_URL = 'http://localhost:3000';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const db = useTestDatabase();
const scene = {
  get database() {
    return db.database;
  },
  otherProcess: () => db.otherProcess(),
  world: undefined as unknown as TestWorld,
};
let smtp: TestSmtp;
let jobs: EmailJobs;

function emailJobs(database: Database = scene.database) {
  const transport = createMailTransport({ smtpUrl: smtp.url, from: 'Commonroom <hello@commonroom.test>', mailboxDir: '/nonexistent' });
  return createEmailJobs({ database, transport, from: 'Commonroom <hello@commonroom.test>', publicUrl: PUBLIC_URL, secret: SECRET, batchSeconds: 300, log: quiet });
}

/** Makes everything unseen look older than EMAIL_BATCH_SECONDS. */
async function age() {
  await scene.database.db.execute(sql`update notifications set created_at = now() - interval '10 minutes' where emailed_at is null`);
  await scene.database.db.execute(sql`update messages set created_at = now() - interval '10 minutes' where emailed_at is null`);
}

async function communicationOn(userId: string) {
  await callerFor(scene.database, userId).profiles.updateNotifications({ notifyMeAbout: 'all', communicationEmails: true, marketingEmails: false, socialEmails: true, mobileSettings: false });
}

const to = (address: string) => smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text.includes(address));

beforeAll(async () => {
  scene.world = await createTestWorld(db.database);
  smtp = await startTestSmtp();
  jobs = emailJobs();
});
afterAll(async () => {
  await jobs.stop();
  await smtp.close();
});

describe('e-mail', () => {
  it('e-mails unseen mentions, replies and messages once, several in one e-mail, with one-click unsubscribe', async () => {
    const { world } = scene;
    const { member, other, community, post, comment } = world;
    await scene.database.db.transaction((tx) =>
      notify(tx, [
        { recipientId: other, kind: 'mention', actorId: member, groupKey: `mention:${post.id}:${other}`, communityId: community.id, postId: post.id, once: true },
        { recipientId: other, kind: 'comment.replied', actorId: member, groupKey: `reply:${comment.id}`, communityId: community.id, postId: post.id, commentId: comment.id },
      ]),
    );
    // Not yet: within EMAIL_BATCH_SECONDS the person may still see them in the app.
    expect(await jobs.schedule.runNow('email-activity')).toBe(0);
    await age();
    expect(await jobs.schedule.runNow('email-activity')).toBe(1);
    expect(await jobs.schedule.runNow('email-activity')).toBe(0);
    expect(await jobs.sender.runDue()).toBe(1);

    const [email, ...more] = to((await emailOf(other)));
    expect(more).toHaveLength(0);
    expect(email!.subject).toBe('You have 3 new notifications');
    expect(email!.text).toContain('mentioned you in "hello"');
    expect(email!.text).toContain('replied to your comment');
    expect(email!.text).toContain('You have 1 new message from');
    expect(email!.html).toContain(`${PUBLIC_URL}/community/${encodeURIComponent(community.name)}`);
    const header = (key: string) => email!.headerLines.find((h) => h.key === key)?.line;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toContain(`<${PUBLIC_URL}/email/unsubscribe?token=`);
    expect(email!.messageId).toMatch(/^<mail-\d+@commonroom\.test>$/);

    // The link turns exactly social e-mails off, without signing in; the settings show it.
    const token = decodeURIComponent(/token=([^>&\s"]+)/.exec(email!.html!.toString())![1]!);
    const named = readUnsubscribeToken(SECRET, token);
    expect(named).toEqual({ userId: other, kind: 'social' });
    expect(readUnsubscribeToken('another-secret', token)).toBeNull();
    await unsubscribe(scene.database.db, named!.userId, named!.kind);
    const settings = await callerFor(scene.database, other).profiles.notifications();
    expect(settings).toMatchObject({ socialEmails: false, communicationEmails: false, emailDigest: 'weekly' });
    await callerFor(scene.database, other).profiles.updateNotifications({ notifyMeAbout: 'all', communicationEmails: false, marketingEmails: false, socialEmails: true, mobileSettings: false });
  });

  it('never e-mails what the person has already seen', async () => {
    const { member, other, community, post } = scene.world;
    await scene.database.db.transaction((tx) =>
      notify(tx, [{ recipientId: other, kind: 'post.commented', actorId: member, groupKey: `seen:${post.id}`, communityId: community.id, postId: post.id }]),
    );
    await scene.database.db.update(notifications).set({ readAt: sql`now()` }).where(eq(notifications.groupKey, `seen:${post.id}`));
    await age();
    expect(await jobs.schedule.runNow('email-activity')).toBe(0);
  });

  it('e-mails the digest of the most active posts, once a period, in the person\'s language', async () => {
    const { other, member, post } = scene.world;
    await communicationOn(other);
    await scene.database.db.execute(sql`update profiles set interface_language = 'ar' where id = ${other}`);
    await scene.database.db.insert(postLikes).values({ postId: post.id, userId: member });
    const links = appLinks(PUBLIC_URL);
    const first = await queueDigests(scene.database.db, 'weekly', links, enqueueEmails);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await queueDigests(scene.database.db, 'weekly', links, enqueueEmails)).toBe(0);
    const before = to(await emailOf(other)).length;
    await jobs.sender.runDue();
    const digest = to(await emailOf(other)).slice(before);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.subject).toBe('أنشط المنشورات هذا الأسبوع في مجتمعاتك');
    expect(digest[0]!.html).toContain('dir="rtl"');
    expect(digest[0]!.text).toContain('hello');
  });

  it('e-mails an event reminder at its reminder time to members with communication e-mails on', async () => {
    const { owner, other, community } = scene.world;
    const [event] = await scene.database.db
      .insert(communityEvents)
      .values({ communityId: community.id, createdBy: owner, title: 'Soon call', description: 'Soon', meetingLink: 'https://meet.example/soon', startTimestamp: new Date(Date.now() + 10 * 60_000), endTimestamp: new Date(Date.now() + 70 * 60_000), reminderMinutes: 15 })
      .returning();
    await eventReminders.run(scene.database);
    expect(await jobs.schedule.runNow('email-notices')).toBe(1);
    expect(await jobs.schedule.runNow('email-notices')).toBe(0);
    const before = to(await emailOf(other)).length;
    await jobs.sender.runDue();
    const [reminder] = to(await emailOf(other)).slice(before);
    expect(reminder!.subject).toBe('يبدأ قريبًا: Soon call');
    expect(reminder!.html).toContain(community.name);
    expect(event).toBeDefined();
  });

  it('retries a send the SMTP server refused, and keeps a dead letter after the last attempt', async () => {
    const { other } = scene.world;
    const person = { userId: other, to: await emailOf(other), language: 'en' as const, community: null, unsubscribe: 'communication' as const };
    await scene.database.db.transaction((tx) => enqueueEmails(tx, [{ ...person, content: { kind: 'welcome', link: PUBLIC_URL } }]));
    smtp.refuseNext(1);
    expect(await jobs.sender.runDue()).toBe(0);
    const [row] = await scene.database.db.select().from(notificationOutbox).where(and(like(notificationOutbox.event, `%${MAIL_TASK}`), sql`delivered_at is null`));
    expect(row).toMatchObject({ attempts: 1, deadAt: null });
    expect(row!.lastError).toContain('451');
    await scene.database.db.update(notificationOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(notificationOutbox.id, row!.id));
    expect(await jobs.sender.runDue()).toBe(1);

    await scene.database.db.transaction((tx) => enqueueEmails(tx, [{ ...person, content: { kind: 'welcome', link: PUBLIC_URL } }]));
    await scene.database.db.update(notificationOutbox).set({ maxAttempts: 1 }).where(sql`delivered_at is null`);
    smtp.refuseNext(1);
    expect(await jobs.sender.runDue()).toBe(0);
    const [dead] = await scene.database.db.select().from(notificationOutbox).where(sql`dead_at is not null`);
    expect(dead!.lastError).toContain('451');
    expect(await jobs.sender.runDue()).toBe(0);
  });

  it('sends each e-mail once however many processes send', async () => {
    const other = await scene.otherProcess();
    const second = emailJobs(other);
    const people = await Promise.all(Array.from({ length: 12 }, () => createTestUser(scene.database)));
    await scene.database.db.transaction((tx) =>
      enqueueEmails(
        tx,
        people.map((userId) => ({ userId, to: `${userId}@example.com`, language: 'en', community: null, unsubscribe: 'communication', content: { kind: 'welcome', link: PUBLIC_URL } })),
      ),
    );
    const before = smtp.received.length;
    const [a, b] = await Promise.all([jobs.sender.runDue(), second.sender.runDue()]);
    expect(a + b).toBe(12);
    expect(smtp.received.length - before).toBe(12);
    expect(new Set(smtp.received.slice(before).map((m) => m.messageId)).size).toBe(12);
    await second.stop();
  });
});

async function emailOf(userId: string): Promise<string> {
  const [row] = await scene.database.db.execute<{ email: string }>(sql`select email from profiles where id = ${userId}`).then((r) => (Array.isArray(r) ? r : (r as unknown as { rows: { email: string }[] }).rows));
  return row!.email;
}
