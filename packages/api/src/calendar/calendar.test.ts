import { ROLE_MESSAGES } from '@app/shared/roles';
import { communityEvents } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { INPUT_MESSAGES } from '@app/shared/input';
import { EVENT_MESSAGES, googleCalendarUrl, type CreateEventInput, type UpdateEventInput } from '@app/shared/calendar';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventCalendar } from './ical.ts';
import { callerFor, createTestCommunity, storeTestUpload, testStorage, testSubscription, useTestWorld } from '../testing/index.ts';

const scene = useTestWorld();

const as = (userId: string | null) => callerFor(scene.database, userId).calendar;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A fixed moment (UTC), so times and their text are predictable. */
const T0 = new Date('2031-03-10T17:30:00Z');

function form(overrides: Partial<CreateEventInput> = {}): CreateEventInput {
  return {
    communityId: scene.world.community.id,
    title: 'Live Q&A',
    description: 'Ask anything',
    startsAt: T0,
    endsAt: new Date(T0.getTime() + HOUR),
    meetingLink: 'https://meet.example/qa',
    videoUrl: null,
    coverKey: null,
    reminderMinutes: 30,
    ...overrides,
  };
}

const count = () => scene.database.db.$count(communityEvents, eq(communityEvents.communityId, scene.world.community.id));

/** An event's stored row, to show a refused change left it as it was. */
async function stored(eventId: string) {
  const [row] = await scene.database.db.select().from(communityEvents).where(eq(communityEvents.id, eventId));
  return row;
}

describe('events', () => {
  it('the owner schedules an event that members see in the calendar month and in the upcoming list, by start', async () => {
    const later = await as(scene.world.owner).create(form({ title: 'Second', startsAt: new Date(T0.getTime() + DAY), endsAt: new Date(T0.getTime() + DAY + HOUR) }));
    const first = await as(scene.world.owner).create(form({ title: 'First' }));
    expect(first).toMatchObject({ title: 'First', startsAt: T0, endsAt: new Date(T0.getTime() + HOUR), reminderMinutes: 30, meetingLink: 'https://meet.example/qa', coverUrl: null });

    const month = await as(scene.world.member).list({ communityId: scene.world.community.id, from: new Date('2031-03-01T00:00:00Z'), to: new Date('2031-04-01T00:00:00Z') });
    expect(month.map((e) => e.title)).toEqual(['First', 'Second']);
    // An event overlapping the range's edge is in it; one outside is not.
    const edge = await as(scene.world.member).list({ communityId: scene.world.community.id, from: new Date(T0.getTime() + 30 * 60_000), to: new Date(T0.getTime() + 2 * HOUR) });
    expect(edge.map((e) => e.id)).toEqual([first.id]);
    const april = await as(scene.world.member).list({ communityId: scene.world.community.id, from: new Date('2031-04-01T00:00:00Z'), to: new Date('2031-05-01T00:00:00Z') });
    expect(april).toEqual([]);

    const upcoming = (await as(scene.world.member).upcoming({ communityId: scene.world.community.id })).map((e) => e.id);
    expect(upcoming.indexOf(first.id)).toBeLessThan(upcoming.indexOf(later.id));
    expect(upcoming[0]).toBe(scene.world.event.id);
    expect(await as(scene.world.member).byId({ eventId: first.id })).toMatchObject({ id: first.id, coverKey: null });
  });

  it('past events leave the upcoming list but stay in the calendar', async () => {
    const past = await as(scene.world.owner).create(form({ title: 'Last week', startsAt: new Date(Date.now() - 8 * DAY), endsAt: new Date(Date.now() - 8 * DAY + HOUR) }));
    expect((await as(scene.world.member).upcoming({ communityId: scene.world.community.id })).map((e) => e.id)).not.toContain(past.id);
    const range = { communityId: scene.world.community.id, from: new Date(Date.now() - 10 * DAY), to: new Date(Date.now() - 5 * DAY) };
    expect((await as(scene.world.member).list(range)).map((e) => e.id)).toEqual([past.id]);
  });

  it("refuses a bad form with the form's words, and stores nothing", async () => {
    const before = await count();
    const refused = async (input: Partial<CreateEventInput>, message: string) =>
      expect(as(scene.world.owner).create(form(input))).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    await refused({ title: '  ' }, EVENT_MESSAGES.titleRequired);
    await refused({ description: '' }, EVENT_MESSAGES.descriptionRequired);
    await refused({ endsAt: T0 }, EVENT_MESSAGES.endAfterStart);
    await refused({ endsAt: new Date(T0.getTime() - HOUR) }, EVENT_MESSAGES.endAfterStart);
    await refused({ meetingLink: 'not a link' }, EVENT_MESSAGES.meetingLink);
    await refused({ meetingLink: 'javascript:alert(1)' }, EVENT_MESSAGES.meetingLink);
    await refused({ videoUrl: 'ftp://files.example/v.mp4' }, EVENT_MESSAGES.videoUrl);
    await refused({ reminderMinutes: 10 }, EVENT_MESSAGES.reminder);
    await refused({ startsAt: new Date('nope') }, EVENT_MESSAGES.startRequired);
    await refused({ title: 'x'.repeat(121) }, EVENT_MESSAGES.titleTooLong(120));
    // Someone else's upload is not a cover.
    const theirs = await storeTestUpload(scene.database, scene.world.member, 'event-covers', `${scene.world.member}/${crypto.randomUUID()}.webp`);
    await expect(as(scene.world.owner).create(form({ coverKey: theirs }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: EVENT_MESSAGES.cover });
    // A month at a time: a wider range is refused.
    await expect(as(scene.world.member).list({ communityId: scene.world.community.id, from: T0, to: new Date(T0.getTime() + 90 * DAY) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: EVENT_MESSAGES.range,
    });
    expect(await count()).toBe(before);
  });

  it('refuses dates the database cannot hold (before 4713 BC, past its range) or outside the years 1900-9999, with a clear message, not a 500', async () => {
    const before = await count();
    const far = [new Date('-271821-04-21T00:00:00Z'), new Date('-004714-01-01T00:00:00Z'), new Date('0001-01-01T00:00:00Z'), new Date('1899-12-31T23:59:59Z'), new Date('+275760-09-12T00:00:00Z'), new Date('+010000-01-01T00:00:00Z')];
    const event = await as(scene.world.owner).create(form({ title: 'Kept' }));
    const { communityId, ...fields } = form();
    void communityId;
    for (const moment of far) {
      const later = new Date(moment.getTime() + HOUR);
      for (const dates of [{ startsAt: moment, endsAt: later }, { startsAt: new Date(moment.getTime() - HOUR), endsAt: moment }]) {
        await expect(as(scene.world.owner).create(form(dates))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: INPUT_MESSAGES.dateRange(1900, 9999) });
        await expect(as(scene.world.owner).update({ eventId: event.id, ...fields, ...dates })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: INPUT_MESSAGES.dateRange(1900, 9999) });
      }
      for (const range of [{ from: moment, to: later }, { from: new Date(moment.getTime() - DAY), to: moment }]) {
        await expect(as(scene.world.member).list({ communityId: scene.world.community.id, ...range })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: INPUT_MESSAGES.dateRange(1900, 9999) });
      }
    }
    expect(await count()).toBe(before + 1);
    // The edges themselves are held.
    const first = new Date('1900-01-01T00:00:00Z');
    const last = new Date('9999-12-31T22:00:00Z');
    await as(scene.world.owner).create(form({ startsAt: first, endsAt: new Date(first.getTime() + HOUR) }));
    await as(scene.world.owner).create(form({ startsAt: last, endsAt: new Date(last.getTime() + HOUR) }));
    expect(await as(scene.world.member).list({ communityId: scene.world.community.id, from: new Date(last.getTime() - DAY), to: new Date('9999-12-31T23:59:59.999Z') })).toHaveLength(1);
  });

  it('only the owner creates, edits and deletes; strangers see nothing, and the cover key is for the owner', async () => {
    const cover = await storeTestUpload(scene.database, scene.world.owner, 'event-covers', `${scene.world.owner}/${crypto.randomUUID()}.webp`);
    const event = await as(scene.world.owner).create(form({ coverKey: cover }));
    expect(event).toMatchObject({ coverKey: cover, coverUrl: `/api/events/${event.id}/cover` });
    expect(await as(scene.world.member).byId({ eventId: event.id })).toMatchObject({ coverKey: null, coverUrl: `/api/events/${event.id}/cover` });

    const { communityId, ...fields } = form();
    void communityId;
    for (const who of [scene.world.member, scene.world.stranger, scene.world.applicant]) {
      await expect(as(who).create(form())).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(as(who).update({ eventId: event.id, ...fields })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(as(who).delete({ eventId: event.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    for (const who of [scene.world.stranger, scene.world.applicant, scene.world.removed]) {
      // Someone banned is told so (the world's removed person is banned).
      await expect(as(who).byId({ eventId: event.id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: who === scene.world.removed ? COMMUNITY_MESSAGES.banned : COMMUNITY_MESSAGES.membersOnly });
      await expect(as(who).upcoming({ communityId: scene.world.community.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(as(null).upcoming({ communityId: scene.world.community.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    // Edited with a new cover: the old one is deleted from storage; deleting the event deletes its cover.
    const next = await storeTestUpload(scene.database, scene.world.owner, 'event-covers', `${scene.world.owner}/${crypto.randomUUID()}.webp`);
    const edited = await as(scene.world.owner).update({ eventId: event.id, ...fields, title: 'Moved', coverKey: next, reminderMinutes: null });
    expect(edited).toMatchObject({ title: 'Moved', reminderMinutes: null, coverKey: next });
    expect(await testStorage().exists('event-covers', cover)).toBe(false);
    await as(scene.world.owner).delete({ eventId: event.id });
    expect(await testStorage().exists('event-covers', next)).toBe(false);
    await expect(as(scene.world.member).byId({ eventId: event.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: EVENT_MESSAGES.notFound });
    await expect(as(scene.world.owner).delete({ eventId: event.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a change that is a bad form, to an event that no longer exists, with a cover not the owner\'s own upload, or by anyone but the owner; nothing changes', async () => {
    const cover = await storeTestUpload(scene.database, scene.world.owner, 'event-covers', `${scene.world.owner}/${crypto.randomUUID()}.webp`);
    const event = await as(scene.world.owner).create(form({ title: 'Unchanged', coverKey: cover }));
    const before = await stored(event.id);
    const events = await count();
    const { communityId, ...fields } = form({ title: 'Unchanged', coverKey: cover });
    void communityId;
    const change = (overrides: Partial<UpdateEventInput> = {}): UpdateEventInput => ({ eventId: event.id, ...fields, title: 'Changed', ...overrides });
    const untouched = async () => {
      expect(await stored(event.id)).toEqual(before);
      expect(await count()).toBe(events);
      expect(await testStorage().exists('event-covers', cover)).toBe(true);
    };

    // A bad form, in the form's words.
    const badForm = async (overrides: Partial<UpdateEventInput>, message: string) =>
      expect(as(scene.world.owner).update(change(overrides))).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    await badForm({ title: ' ' }, EVENT_MESSAGES.titleRequired);
    await badForm({ description: '' }, EVENT_MESSAGES.descriptionRequired);
    await badForm({ startsAt: new Date('nope') }, EVENT_MESSAGES.startRequired);
    await badForm({ endsAt: undefined as unknown as Date }, EVENT_MESSAGES.endRequired);
    await badForm({ endsAt: T0 }, EVENT_MESSAGES.endAfterStart);
    await badForm({ endsAt: new Date(T0.getTime() - HOUR) }, EVENT_MESSAGES.endAfterStart);
    await badForm({ meetingLink: 'meet me there' }, EVENT_MESSAGES.meetingLink);
    await badForm({ videoUrl: 'javascript:alert(1)' }, EVENT_MESSAGES.videoUrl);
    await badForm({ reminderMinutes: 45 }, EVENT_MESSAGES.reminder);
    await badForm({ title: 'x'.repeat(121) }, EVENT_MESSAGES.titleTooLong(120));
    await untouched();

    // A cover that is not the owner's own upload in the event-covers bucket: a member's, one never
    // uploaded, or the owner's own upload of another kind.
    const members = await storeTestUpload(scene.database, scene.world.member, 'event-covers', `${scene.world.member}/${crypto.randomUUID()}.webp`);
    const otherKind = await storeTestUpload(scene.database, scene.world.owner, 'course_covers', `${scene.world.owner}/${crypto.randomUUID()}.webp`);
    for (const coverKey of [members, `${scene.world.owner}/${crypto.randomUUID()}.webp`, otherKind]) {
      await expect(as(scene.world.owner).update(change({ coverKey }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: EVENT_MESSAGES.cover });
    }
    await untouched();
    expect(await testStorage().exists('event-covers', members)).toBe(true);

    // An event that no longer exists (deleted, or never was): nothing is made in its place.
    const gone = await as(scene.world.owner).create(form({ title: 'Gone' }));
    await as(scene.world.owner).delete({ eventId: gone.id });
    for (const eventId of [gone.id, crypto.randomUUID()]) {
      await expect(as(scene.world.owner).update(change({ eventId }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: EVENT_MESSAGES.notFound });
    }
    expect(await stored(gone.id)).toBeUndefined();
    await untouched();

    // Anyone but the owner: a plain member, a stranger (even one who owns another community), an
    // applicant, someone removed; and nobody signed in.
    await createTestCommunity(scene.database, scene.world.stranger);
    for (const who of [scene.world.member, scene.world.other, scene.world.stranger, scene.world.applicant, scene.world.removed]) {
      await expect(as(who).update(change())).rejects.toMatchObject({ code: 'FORBIDDEN', message: who === scene.world.removed ? COMMUNITY_MESSAGES.banned : ROLE_MESSAGES.adminsOnly });
    }
    await expect(as(null).update(change())).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await untouched();

    // The same change from the owner goes through.
    expect(await as(scene.world.owner).update(change())).toMatchObject({ id: event.id, title: 'Changed', coverKey: cover });
  });

  it("tells members' open pages when events are created, changed and deleted (ids only)", async () => {
    const member = await testSubscription((signal) => callerFor(scene.database, scene.world.member, { signal }).calendar.onChange({ communityId: scene.world.community.id }));
    const hears = member.next();
    const event = await as(scene.world.owner).create(form({ title: 'Announced' }));
    expect((await hears).data).toEqual({ type: 'event.created', eventId: event.id });
    const { communityId, ...fields } = form();
    void communityId;
    await as(scene.world.owner).update({ eventId: event.id, ...fields });
    expect((await member.next()).data).toEqual({ type: 'event.updated', eventId: event.id });
    await as(scene.world.owner).delete({ eventId: event.id });
    expect((await member.next()).data).toEqual({ type: 'event.deleted', eventId: event.id });
    member.close();
  });

  it('exports an event as one RFC 5545 VEVENT with UTC times, its reminder as an alarm, and a Google Calendar link', async () => {
    const event = await as(scene.world.owner).create(form({ title: 'Live Q&A, part 2; bring notes', description: 'Line one\nLine two' }));
    const { filename, body } = await eventCalendar(scene.database.db, event.id, 'community.example');
    expect(filename).toBe('live-qa-part-2-bring-notes.ics');
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = body.split('\r\n').slice(0, -1);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toContain(`UID:${event.id}@community.example`);
    expect(lines).toContain('DTSTART:20310310T173000Z');
    expect(lines).toContain('DTEND:20310310T183000Z');
    expect(lines).toContain('SUMMARY:Live Q&A\\, part 2\\; bring notes');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two');
    expect(lines).toContain('LOCATION:https://meet.example/qa');
    expect(lines).toContain('BEGIN:VALARM');
    expect(lines).toContain('TRIGGER:-PT30M');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    // Every line is at most 75 octets (RFC 5545 section 3.1).
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);

    const google = new URL(googleCalendarUrl(event));
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('dates')).toBe('20310310T173000Z/20310310T183000Z');
    expect(google.searchParams.get('text')).toBe('Live Q&A, part 2; bring notes');
  });
});
