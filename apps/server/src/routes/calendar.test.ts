import { describe, expect, it } from 'vitest';
import { getAs, testPng, trpcAnswer, trpcMutation, upload, uploadForm, useOwnerMemberStranger } from '../testing/index.ts';

describe("an event's cover and calendar file", () => {
  const scene = useOwnerMemberStranger('Events');
  const { server } = scene;

  it('are served to members only: the cover from a private bucket, the .ics with the times in UTC', async () => {
    const uploaded = await upload(server.app, 'event-cover', uploadForm(await testPng(40, 20), 'cover.png', 'image/png'), scene.ownerCookie);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { key, url } = uploaded.json() as { key: string; url: string | null };
    expect(url).toBeNull();
    expect((await server.app.inject({ method: 'GET', url: `/uploads/event-covers/${key}` })).statusCode).toBe(404);

    const input = {
      communityId: scene.communityId,
      title: 'Demo day',
      description: 'Show what you built',
      startsAt: new Date('2032-01-15T09:00:00Z'),
      endsAt: new Date('2032-01-15T10:30:00Z'),
      meetingLink: 'https://meet.example/demo',
      coverKey: key,
      reminderMinutes: 60,
    };
    const created = await trpcMutation(server.app, 'calendar.create', input, scene.ownerCookie);
    expect(created.statusCode, created.body).toBe(200);
    const event = trpcAnswer<{ id: string; coverUrl: string }>(created).data!;

    const get = (path: string, cookie: string | null) => getAs(server.app, path, cookie);
    for (const cookie of [scene.ownerCookie, scene.memberCookie]) {
      const cover = await get(event.coverUrl, cookie);
      expect(cover.statusCode).toBe(200);
      expect(cover.headers['content-type']).toMatch(/^image\//);
      expect(cover.headers['cache-control']).toContain('private');
    }
    expect((await get(event.coverUrl, scene.strangerCookie)).statusCode).toBe(403);
    expect((await get(event.coverUrl, null)).statusCode).toBe(401);

    const ics = await get(`/api/events/${event.id}/calendar.ics`, scene.memberCookie);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['content-disposition']).toBe('attachment; filename="demo-day.ics"');
    expect(ics.body).toContain('\r\nDTSTART:20320115T090000Z\r\n');
    expect(ics.body).toContain('\r\nDTEND:20320115T103000Z\r\n');
    expect(ics.body).toContain('\r\nTRIGGER:-PT1H\r\n');
    // The meeting link is in the file, so strangers get none.
    expect((await get(`/api/events/${event.id}/calendar.ics`, scene.strangerCookie)).statusCode).toBe(403);
    expect((await get(`/api/events/${event.id}/calendar.ics`, null)).statusCode).toBe(401);
    expect((await get(`/api/events/${crypto.randomUUID()}/calendar.ics`, scene.memberCookie)).statusCode).toBe(404);
  });
});
