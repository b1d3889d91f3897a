import { notifications, pushSubscriptions } from '@app/db/schema';
import { PUSH_MESSAGES } from '@app/shared/notifications';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { callerFor, testWebPush, unlimitedRateLimiter, usePushStandIn, useTestWorld, type TestDevice } from '../testing/index.ts';
import { PUSH_DEVICES_MAX } from './push.ts';
import { notify, type Notice } from './service.ts';
import { createFanOutWorker, createPushWorker } from './worker.ts';

const scene = useTestWorld();
const standIn = usePushStandIn();
const quiet = { warn: console.warn, error: console.error };

const as = (userId: string) => callerFor(scene.database, userId, { rateLimiter: unlimitedRateLimiter });
/** Works off the queued pushes, as the server's worker does. */
const runPushes = () => createPushWorker({ database: scene.database, webPush: { ...testWebPush, agent: standIn.agent }, log: quiet }).runDue();

async function subscribe(userId: string, device: TestDevice, extra: { mobile?: boolean; language?: 'en' | 'ar' } = {}) {
  await as(userId).notifications.pushSubscribe({ endpoint: device.endpoint, keys: device.keys, ...extra });
}

let serial = 0;
/** A new notice to `recipientId` from `actorId` in the world's community (a like of the post). */
async function tell(recipientId: string, actorId: string, notice: Partial<Notice> = {}) {
  await scene.database.db.transaction((tx) =>
    notify(tx, [{ recipientId, actorId, kind: 'post.liked', communityId: scene.world.community.id, postId: scene.world.post.id, groupKey: `push-test:${++serial}`, ...notice }]),
  );
}

beforeEach(async () => {
  const { member } = scene.world.people;
  await scene.database.db.delete(pushSubscriptions);
  await as(member).notifications.mute({ communityId: scene.world.community.id, muted: false });
  await as(member).profiles.updateNotifications({ notifyMeAbout: 'all', communicationEmails: false, marketingEmails: false, socialEmails: true, mobileSettings: false });
});

describe('web push', () => {
  it('sends a new notification to each of the recipient’s devices, encrypted for the device, once', async () => {
    const { member, other } = scene.world.people;
    const phone = standIn.device();
    const laptop = standIn.device();
    await subscribe(member, phone, { mobile: true });
    await subscribe(member, laptop);

    await as(other).posts.like({ postId: scene.world.post.id, liked: true });
    expect(await runPushes()).toBe(1);

    for (const device of [phone, laptop]) {
      const [message, ...more] = standIn.messagesTo(device);
      expect(more).toEqual([]);
      expect(message).toMatchObject({ title: scene.world.community.name, url: `/community/${encodeURIComponent(scene.world.community.name)}`, lang: 'en', dir: 'ltr' });
      expect(message!.body).toMatch(/liked your post$/);
    }
    const push = standIn.received.find((r) => r.path === new URL(phone.endpoint).pathname)!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${testWebPush.publicKey}$`));
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);

    const [row] = await scene.database.db
      .select({ pushedAt: notifications.pushedAt })
      .from(notifications)
      .where(and(eq(notifications.recipientId, member), eq(notifications.kind, 'post.liked'), eq(notifications.postId, scene.world.post.id)));
    expect(row!.pushedAt).not.toBeNull();
    const devices = await scene.database.db.select({ lastSuccessAt: pushSubscriptions.lastSuccessAt }).from(pushSubscriptions);
    expect(devices.every((d) => d.lastSuccessAt !== null)).toBe(true);

    // Nothing new: nothing more is sent, however often the worker runs.
    await runPushes();
    expect(standIn.messagesTo(phone)).toHaveLength(1);
    await as(other).posts.like({ postId: scene.world.post.id, liked: false });
  });

  it('speaks the device’s language', async () => {
    const { member, other } = scene.world.people;
    const device = standIn.device();
    await subscribe(member, device, { language: 'ar' });
    await tell(member, other);
    await runPushes();
    const [message] = standIn.messagesTo(device);
    expect(message).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(message!.body).toMatch(/\p{Script=Arabic}/u);
  });

  it('sends nothing from a muted community, or with ‘Notify me about: nothing’', async () => {
    const { member, other } = scene.world.people;
    const device = standIn.device();
    await subscribe(member, device);

    await as(member).notifications.mute({ communityId: scene.world.community.id, muted: true });
    await tell(member, other);
    await runPushes();
    expect(standIn.messagesTo(device)).toEqual([]);

    await as(member).notifications.mute({ communityId: scene.world.community.id, muted: false });
    await as(member).profiles.updateNotifications({ notifyMeAbout: 'nothing', communicationEmails: false, marketingEmails: false, socialEmails: true, mobileSettings: false });
    await tell(member, other);
    await runPushes();
    expect(standIn.messagesTo(device)).toEqual([]);
  });

  it('follows the mobile settings on phones and tablets while ‘use different settings for my mobile devices’ is on', async () => {
    const { member, other } = scene.world.people;
    const phone = standIn.device();
    const laptop = standIn.device();
    await subscribe(member, phone, { mobile: true });
    await subscribe(member, laptop);
    const settings = { notifyMeAbout: 'all', communicationEmails: false, marketingEmails: false, socialEmails: true, mobileNotifyMeAbout: 'mentions' } as const;

    await as(member).profiles.updateNotifications({ ...settings, mobileSettings: true });
    await tell(member, other);
    await tell(member, other, { kind: 'mention' });
    await runPushes();
    expect(standIn.messagesTo(laptop).map((m) => m.body)).toEqual([expect.stringMatching(/liked your post/), expect.stringMatching(/mentioned you/)]);
    expect(standIn.messagesTo(phone).map((m) => m.body)).toEqual([expect.stringMatching(/mentioned you/)]);

    // Switched off, the phone follows the one 'Notify me about' again.
    await as(member).profiles.updateNotifications({ ...settings, mobileSettings: false });
    await tell(member, other);
    await runPushes();
    expect(standIn.messagesTo(phone)).toHaveLength(2);
  });

  it('forgets a device the push service answers 410 for', async () => {
    const { member, other } = scene.world.people;
    const gone = standIn.device({ gone: true });
    const kept = standIn.device();
    await subscribe(member, gone);
    await subscribe(member, kept);
    await tell(member, other);
    await runPushes();
    expect(standIn.received.some((r) => r.path === new URL(gone.endpoint).pathname)).toBe(true);
    const left = await scene.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(left.map((d) => d.endpoint)).toEqual([kept.endpoint]);
  });

  it('pushes a community-wide notice to every member with a device, from the fan-out job', async () => {
    const { owner, member, other } = scene.world.people;
    const devices = [standIn.device(), standIn.device()];
    await subscribe(member, devices[0]!);
    await subscribe(other, devices[1]!);
    const startsAt = new Date(Date.now() + 7 * 86_400_000);
    await as(owner).calendar.create({
      communityId: scene.world.community.id,
      title: 'Push party',
      description: 'Bring your questions',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      meetingLink: 'https://meet.example/push-party',
      videoUrl: null,
      coverKey: null,
      reminderMinutes: null,
    });
    await createFanOutWorker({ database: scene.database, log: quiet }).runDue();
    await runPushes();
    for (const device of devices) expect(standIn.messagesTo(device)).toEqual([expect.objectContaining({ body: 'New event: Push party' })]);
  });
});

describe('push subscriptions', () => {
  it('keep a browser for whoever subscribed in it last, and only its owner turns it off', async () => {
    const { member, other } = scene.world.people;
    const device = standIn.device();
    await subscribe(member, device);
    await subscribe(other, device);
    expect(await scene.database.db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions)).toEqual([{ userId: other }]);
    expect(await as(member).notifications.pushUnsubscribe({ endpoint: device.endpoint })).toEqual({ unsubscribed: false });
    expect(await as(other).notifications.pushUnsubscribe({ endpoint: device.endpoint })).toEqual({ unsubscribed: true });
    expect(await scene.database.db.$count(pushSubscriptions)).toBe(0);
  });

  it(`keep at most ${PUSH_DEVICES_MAX} devices a person, the newest`, async () => {
    const { member } = scene.world.people;
    const devices = Array.from({ length: PUSH_DEVICES_MAX + 2 }, () => standIn.device());
    for (const device of devices) await subscribe(member, device);
    const kept = await scene.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(kept.map((d) => d.endpoint).sort()).toEqual(devices.slice(2).map((d) => d.endpoint).sort());
  });

  it('refuse an endpoint the server must not call, and any when pushes are off', async () => {
    const { member } = scene.world.people;
    const { keys } = standIn.device();
    const subscribeTo = (endpoint: string, webPush = testWebPush) =>
      callerFor(scene.database, member, { webPush, rateLimiter: unlimitedRateLimiter }).notifications.pushSubscribe({ endpoint, keys });
    await expect(subscribeTo('http://10.0.0.1/push')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: PUSH_MESSAGES.endpoint });
    await expect(subscribeTo('https://user:secret@push.example.com/x')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: PUSH_MESSAGES.endpoint });
    await expect(subscribeTo('ftp://push.example.com/x')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(as(member).notifications.pushSubscribe({ endpoint: 'https://push.example.com/x', keys: { p256dh: 'not base64!', auth: keys.auth } })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(callerFor(scene.database, member, { webPush: null }).notifications.pushSubscribe({ endpoint: 'https://push.example.com/x', keys })).rejects.toMatchObject({
      message: PUSH_MESSAGES.off,
    });
    expect(await callerFor(scene.database, member, { webPush: null }).notifications.pushKey()).toEqual({ publicKey: null });
    expect(await as(member).notifications.pushKey()).toEqual({ publicKey: testWebPush.publicKey });
    expect(await scene.database.db.$count(pushSubscriptions)).toBe(0);
  });
});
