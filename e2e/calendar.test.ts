import type { Locator } from 'playwright-core';
import postgres from 'postgres';
import { expect, inject, it } from 'vitest';
import { baseUrl, callTrpc, createCommunityViaApi, createEvent, describeBrowser, eventButton, eventsCard, localField, markPage, notificationLog, openEvents, PNG, recordNotifications, settled, shot, stillSamePage, uniqueCommunityName, usePeople, VIEWPORTS } from './support/index.ts';

const databaseUrl = inject('databaseUrl');

describeBrowser('events', () => {
  const { person, communityWith } = usePeople('full'); // the reminders' browser notifications need the full browser

  it('an owner schedules an event that a member sees live, opens, exports and is reminded of; edits and deletion reach the member too', async () => {
    const { owner, community, members: [member] } = await communityWith(['owner', 'Eve Organiser'], 'Events Club', ['member', 'Max Member']);
    await openEvents(owner.page, community.name);
    await openEvents(member.page, community.name);
    await markPage(member.page);
    await eventsCard(member.page).getByText('No events yet', { exact: true }).waitFor();
    // Members do not schedule.
    expect(await eventsCard(member.page).getByRole('button', { name: 'Add event' }).count()).toBe(0);

    // The owner's form refuses what is missing or wrong, in the form's words.
    await eventsCard(owner.page).getByRole('button', { name: 'Add event' }).click();
    const form = owner.page.getByRole('dialog', { name: 'New event' });
    await settled(form);
    await form.getByRole('button', { name: 'Create event' }).click();
    await form.getByText('Title is required.').waitFor();
    expect(await form.getByText('Description is required.').isVisible()).toBe(true);
    expect(await form.getByText('Start date and time are required.').isVisible()).toBe(true);
    const start = new Date(Date.now() + 5 * 60_000 + 12_000);
    await form.getByLabel('Title').fill('Weekly Q&A');
    await form.getByLabel('Description').fill('Bring your questions about the course.');
    await form.getByLabel('Starts').fill(localField(start));
    await form.getByLabel('Ends').fill(localField(new Date(start.getTime() - 60 * 60_000)));
    await form.getByLabel('Meeting link').fill('not a link');
    await form.getByRole('button', { name: 'Create event' }).click();
    await form.getByText('The event must end after it starts.').waitFor();
    expect(await form.getByText('The meeting link must be a URL.').isVisible()).toBe(true);
    await form.getByLabel('Ends').fill(localField(new Date(start.getTime() + 60 * 60_000)));
    await form.getByLabel('Meeting link').fill('https://meet.example.com/weekly-qa');
    await form.locator('input[type="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('img', { name: "The event's cover" }).waitFor();
    await form.getByRole('combobox', { name: 'Reminder' }).click();
    await owner.page.getByRole('option', { name: '5 minutes before', exact: true }).click();
    await shot(owner.page, 'events-form');
    await form.getByRole('button', { name: 'Create event' }).click();
    await owner.page.getByText('Event created successfully!').waitFor();
    await eventButton(owner.page, 'Weekly Q&A').waitFor();

    // The member's sidebar shows it without a reload, with today's date marked in the calendar.
    await eventButton(member.page, 'Weekly Q&A').waitFor();
    expect(await stillSamePage(member.page)).toBe(true);
    await shot(member.page, 'events-sidebar');
    await eventButton(member.page, 'Weekly Q&A').click();
    const details = member.page.getByRole('dialog', { name: 'Event' });
    await settled(details);
    expect(await details.getByRole('heading', { name: 'Weekly Q&A' }).isVisible()).toBe(true);
    expect(await details.getByRole('link', { name: 'Join the meeting' }).getAttribute('href')).toBe('https://meet.example.com/weekly-qa');
    // The time is shown in the member's zone, with the zone named.
    const when = await details.getByText(/–/).first().innerText();
    expect(when).toMatch(/(UTC|GMT|[A-Z]{2,5})/);
    const google = new URL((await details.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href'))!);
    const utc = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '').slice(0, 13);
    expect(google.searchParams.get('dates')).toContain(utc(start));
    expect(google.searchParams.get('text')).toBe('Weekly Q&A');
    expect(await details.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    const ics = await member.page.request.get((await details.getByRole('link', { name: 'Download .ics' }).getAttribute('href'))!);
    expect(ics.status()).toBe(200);
    const body = await ics.text();
    expect(body).toContain('BEGIN:VEVENT');
    expect(body).toContain('SUMMARY:Weekly Q&A');
    expect(body).toContain(`DTSTART:${utc(start)}`);
    expect(body).toContain('TRIGGER:-PT5M');
    const cover = details.getByRole('img', { name: 'Cover of Weekly Q&A' });
    await expect.poll(() => cover.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await shot(member.page, 'events-details');
    await member.page.setViewportSize(VIEWPORTS.phone);
    await shot(member.page, 'events-details-phone');
    await member.page.setViewportSize(VIEWPORTS.desktop);
    await member.page.keyboard.press('Escape');
    await expect.poll(() => details.count()).toBe(0);

    // Five minutes before the start, the reminder shows in the app (no notification permission
    // here). The form takes whole minutes, so this one is scheduled to the second through the API.
    const quick = new Date(Date.now() + 5 * 60_000 + 8_000);
    await createEvent(owner.page, community.id, { title: 'Stand-up', startsAt: quick, endsAt: new Date(quick.getTime() + 900_000), reminderMinutes: 5 });
    await eventButton(member.page, 'Stand-up').waitFor();
    const reminder = member.page.getByText('Starting soon: Stand-up');
    await reminder.waitFor({ timeout: 15_000 });
    await shot(member.page, 'events-reminder');

    // The owner renames it; the member's list follows.
    await eventButton(owner.page, 'Weekly Q&A').click();
    const ownerDetails = owner.page.getByRole('dialog', { name: 'Event' });
    await settled(ownerDetails);
    await ownerDetails.getByRole('button', { name: 'Edit' }).click();
    const edit = owner.page.getByRole('dialog', { name: 'Edit event' });
    await settled(edit);
    expect(await edit.getByLabel('Starts').inputValue()).toBe(localField(start));
    await edit.getByLabel('Title').fill('Weekly Q&A (room 2)');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await owner.page.getByText('Event updated successfully').waitFor();
    await eventButton(member.page, 'Weekly Q&A (room 2)').waitFor();

    // Deleting asks first; cancelling keeps it, confirming removes it for the member too.
    await eventButton(owner.page, 'Weekly Q&A (room 2)').click();
    await settled(ownerDetails);
    await expect.poll(() => ownerDetails.getByRole('heading', { name: 'Weekly Q&A (room 2)' }).count()).toBe(1);
    await ownerDetails.getByRole('button', { name: 'Delete' }).click();
    const confirm = owner.page.getByRole('dialog', { name: 'Delete event' });
    await settled(confirm);
    expect(await confirm.getByText('Are you sure you want to delete this event?').isVisible()).toBe(true);
    await shot(owner.page, 'events-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await owner.page.getByText('Event deleted successfully').waitFor();
    await expect.poll(() => eventButton(member.page, 'Weekly Q&A').count(), { timeout: 5000 }).toBe(0);
    expect(await eventButton(member.page, 'Stand-up').count()).toBe(1);
  });

  it("the owner's local time is one moment for everyone: a member in another time zone sees it in theirs, with the zone named", async () => {
    const { owner, community, members: [member] } = await communityWith(['owner', 'Nora Newyork', VIEWPORTS.desktop, { timezoneId: 'America/New_York' }], 'Zones Club', ['member', 'Taro Tokyo', VIEWPORTS.desktop, { timezoneId: 'Asia/Tokyo' }]);

    // The owner, in New York, schedules 7:30 to 9:00 PM on 15 January 2031, their time.
    await openEvents(owner.page, community.name);
    await eventsCard(owner.page).getByRole('button', { name: 'Add event' }).click();
    const form = owner.page.getByRole('dialog', { name: 'New event' });
    await settled(form);
    await form.getByText('Times are in your time zone (America/New_York); members see them in theirs.', { exact: true }).waitFor();
    await form.getByLabel('Title').fill('Evening AMA');
    await form.getByLabel('Description').fill('Questions from both sides of the Pacific.');
    await form.getByLabel('Starts').fill('2031-01-15T19:30');
    await form.getByLabel('Ends').fill('2031-01-15T21:00');
    await form.getByRole('button', { name: 'Create event' }).click();
    await owner.page.getByText('Event created successfully!').waitFor();
    await eventButton(owner.page, 'Evening AMA').getByText('Wed, Jan 15, 7:30 PM – 9:00 PM EST', { exact: true }).waitFor();

    // Stored as the one UTC moment: 00:30 on the 16th.
    const [stored] = await callTrpc<Array<{ title: string; startsAt: string; endsAt: string }>>(owner.page, 'calendar.upcoming', { communityId: community.id }, 'query');
    expect(stored).toMatchObject({ title: 'Evening AMA', startsAt: '2031-01-16T00:30:00.000Z', endsAt: '2031-01-16T02:00:00.000Z' });

    // The member, in Tokyo, sees the morning of the 16th, their time, in the list and the panel.
    await openEvents(member.page, community.name);
    const listed = eventButton(member.page, 'Evening AMA');
    await listed.getByText('Thu, Jan 16, 9:30 AM – 11:00 AM GMT+9', { exact: true }).waitFor();
    // Its date badge is the 16th too (shown in capitals).
    expect(await listed.innerText()).toMatch(/^JAN\s+16\s+Evening AMA\s/);
    await listed.click();
    const details = member.page.getByRole('dialog', { name: 'Event' });
    await settled(details);
    expect(await details.getByText('Thu, Jan 16, 9:30 AM – 11:00 AM GMT+9', { exact: true }).isVisible()).toBe(true);
    // The calendar exports carry the same moment in UTC.
    const google = new URL((await details.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href'))!);
    expect(google.searchParams.get('dates')).toBe('20310116T003000Z/20310116T020000Z');
    const ics = await (await member.page.request.get((await details.getByRole('link', { name: 'Download .ics' }).getAttribute('href'))!)).text();
    expect(ics).toContain('DTSTART:20310116T003000Z\r\n');
    expect(ics).toContain('DTEND:20310116T020000Z\r\n');
    await shot(member.page, 'events-other-zone');

    // Editing shows the owner their own local time again.
    await eventButton(owner.page, 'Evening AMA').click();
    const ownerDetails = owner.page.getByRole('dialog', { name: 'Event' });
    await settled(ownerDetails);
    expect(await ownerDetails.getByText('Wed, Jan 15, 7:30 PM – 9:00 PM EST', { exact: true }).isVisible()).toBe(true);
    await ownerDetails.getByRole('button', { name: 'Edit' }).click();
    const edit = owner.page.getByRole('dialog', { name: 'Edit event' });
    await settled(edit);
    expect(await edit.getByLabel('Starts').inputValue()).toBe('2031-01-15T19:30');
    expect(await edit.getByLabel('Ends').inputValue()).toBe('2031-01-15T21:00');
  });

  it('reminders as browser notifications: permission is asked only from the sidebar offer; a near reminder notifies, one whose time has passed is never scheduled', async () => {
    const { owner, community, members: [member] } = await communityWith(['owner', 'Rita Reminder'], 'Reminder Club', ['member', 'Nico Notified', VIEWPORTS.desktop, { timezoneId: 'UTC' }]);
    await member.context.addInitScript(recordNotifications);

    // Starting in two minutes with a five-minute reminder: the reminder's time has already passed.
    const due = new Date(Date.now() + 2 * 60_000);
    await createEvent(owner.page, community.id, { title: 'Already due', startsAt: due, endsAt: new Date(due.getTime() + 1_800_000), reminderMinutes: 5 });

    // Loading the page asks nothing: the sidebar offers, and waits for the member.
    await openEvents(member.page, community.name);
    await eventButton(member.page, 'Already due').waitFor();
    const offer = eventsCard(member.page).getByRole('button', { name: 'Get reminders as notifications' });
    await offer.waitFor();
    expect(await notificationLog(member.page)).toEqual({ permission: 'default', requests: 0, shown: [] });
    await shot(member.page, 'events-reminder-offer');

    // The member clicks the offer and allows (headless Chromium shows no prompt: the grant stands in
    // for the member's 'Allow'). Asked once; the offer goes.
    await member.context.grantPermissions(['notifications'], { origin: baseUrl() });
    await offer.click();
    await expect.poll(() => offer.count()).toBe(0);
    expect(await notificationLog(member.page)).toMatchObject({ permission: 'granted', requests: 1 });

    // An event whose five-minute reminder comes in a few seconds: a browser notification, not the in-app one.
    const quick = new Date(Date.now() + 5 * 60_000 + 6_000);
    await createEvent(owner.page, community.id, { title: 'Stand-up', startsAt: quick, endsAt: new Date(quick.getTime() + 900_000), reminderMinutes: 5 });
    const listed = eventButton(member.page, 'Stand-up');
    await listed.waitFor();
    await expect.poll(async () => (await notificationLog(member.page)).shown.map((n) => n.title), { timeout: 20_000 }).toEqual(['Starting soon: Stand-up']);
    const when = await listed.getByText(/UTC$/).innerText();
    expect((await notificationLog(member.page)).shown[0]!.body).toBe(`${when} · ${community.name}`);
    expect(await member.page.getByText('Starting soon: Stand-up').count()).toBe(0);

    // The passed reminder was never scheduled: a timer for it would have fired at once, long before
    // the one above. Nothing in the browser, nothing in the app.
    expect((await notificationLog(member.page)).shown.map((n) => n.title)).not.toContain('Starting soon: Already due');
    expect(await member.page.getByText('Starting soon: Already due').count()).toBe(0);
    expect((await notificationLog(member.page)).requests).toBe(1);
  });

  (databaseUrl ? it : it.skip)("says 'Could not find community' when the community is gone before the owner's event is saved", async () => {
    const owner = await person('owner', 'Gus Gone');
    const community = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Vanishing Club') });
    await openEvents(owner.page, community.name);
    await eventsCard(owner.page).getByRole('button', { name: 'Add event' }).click();
    const form = owner.page.getByRole('dialog', { name: 'New event' });
    await settled(form);
    const start = new Date(Date.now() + 86_400_000);
    await form.getByLabel('Title').fill('Never held');
    await form.getByLabel('Description').fill('The community goes first.');
    await form.getByLabel('Starts').fill(localField(start));
    await form.getByLabel('Ends').fill(localField(new Date(start.getTime() + 3_600_000)));

    // The app has no way to delete a community; an administrator removes it from the database meanwhile.
    const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      await sql`delete from communities where id = ${community.id}`;
    } finally {
      await sql.end({ timeout: 1 });
    }
    await form.getByRole('button', { name: 'Create event' }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('Could not find community');
    expect(await owner.page.getByText('Event created successfully!').count()).toBe(0);
    await shot(owner.page, 'events-community-gone');
  });

  it('a day in the calendar lists its events; the card fits a phone', async () => {
    const owner = await person('owner', 'Cal Owner', VIEWPORTS.phone);
    const community = await createCommunityViaApi(owner.page, { name: uniqueCommunityName('Calendar Club') });
    const soon = new Date();
    soon.setDate(soon.getDate() + 1);
    soon.setHours(18, 0, 0, 0);
    await createEvent(owner.page, community.id, { title: 'Tomorrow evening', startsAt: soon, endsAt: new Date(soon.getTime() + 3_600_000) });
    await openEvents(owner.page, community.name);
    await eventButton(owner.page, 'Tomorrow evening').waitFor();
    const day: Locator = eventsCard(owner.page).getByRole('button', { name: /, 1 event$/ });
    await day.first().click();
    await eventsCard(owner.page).getByRole('list', { name: 'Events that day' }).getByText('Tomorrow evening').waitFor();
    await eventsCard(owner.page).scrollIntoViewIfNeeded();
    await owner.page.screenshot({ path: 'test-results/screens/events-calendar-phone.png' });
  });
});
