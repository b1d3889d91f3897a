/**
 * The pages members live in, for `npm run lighthouse`: an owner's community of 20 posts with a course
 * (one module, three lessons) that a member has joined and where the two have chatted, written
 * mostly in SQL like the load test's seed; the member is signed in through the dev sign-in (a real
 * session), and the chat goes through `chat.send` (messages are stored encrypted). Lighthouse then
 * opens each page with the member's session cookie (and the time zone's, which the app sets).
 */
import type { Database } from '@app/db';
import { TIME_ZONE_COOKIE, timeZoneCookieValue } from '@app/shared/prerendered';
import { sql } from 'drizzle-orm';
import { devSignIn } from '../bench/sign-in.ts';

const POSTS = 20;
const LESSONS = 3;

export interface MemberPages {
  cookie: string;
  /** Label and path of each page measured. */
  pages: Array<{ label: string; path: string }>;
}

async function trpcMutation(baseUrl: string, cookie: string, path: string, input: unknown): Promise<void> {
  const res = await fetch(`${baseUrl}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
    body: JSON.stringify({ json: input }),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
}

export async function seedMemberPages(database: Database, baseUrl: string): Promise<MemberPages> {
  const { db } = database;
  const owner = await devSignIn(baseUrl, 'owner@lighthouse.example', 'Olivia Owner');
  const member = await devSignIn(baseUrl, 'member@lighthouse.example', 'Mateo Member');
  const name = 'Lighthouse Club';
  const [community] = (await db.execute(sql`
    INSERT INTO communities (name, owner_id, members_count, description)
    VALUES (${name}, ${owner.userId}, 2, 'Where we measure how fast the member pages are.') RETURNING id`)) as unknown as Array<{ id: string }>;
  const communityId = community!.id;
  await db.execute(sql`
    INSERT INTO community_members (community_id, user_id, role, status)
    VALUES (${communityId}, ${owner.userId}, 'owner', 'approved'), (${communityId}, ${member.userId}, 'member', 'approved')`);
  await db.execute(sql`
    INSERT INTO posts (community_id, user_id, content, created_at, updated_at)
    SELECT ${communityId}, ${owner.userId},
           'Post ' || i || ': what we learned this week, with a few sentences so that each post is as long as a real one tends to be. Say hello below!',
           now() - make_interval(mins => i), now() - make_interval(mins => i)
    FROM generate_series(1, ${POSTS}) AS i`);
  const [course] = (await db.execute(sql`
    INSERT INTO courses (owner_id, community_id, title, description, is_private)
    VALUES (${owner.userId}, ${communityId}, 'Getting started', 'The first steps, one lesson at a time.', false) RETURNING id`)) as unknown as Array<{ id: string }>;
  const [module] = (await db.execute(sql`
    INSERT INTO course_modules (course_id, title, "order", content)
    VALUES (${course!.id}, 'Welcome', 1, '<p>About this module.</p>') RETURNING id`)) as unknown as Array<{ id: string }>;
  await db.execute(sql`
    INSERT INTO lessons (module_id, title, "order", content)
    SELECT ${module!.id}, 'Lesson ' || l, l, '<p>A lesson of a few paragraphs.</p><p>It explains one idea, with an example.</p>'
    FROM generate_series(1, ${LESSONS}) AS l`);
  await trpcMutation(baseUrl, member.cookie, 'chat.send', { communityId, userId: owner.userId, text: 'Hello! Glad to be here.' });
  await trpcMutation(baseUrl, owner.cookie, 'chat.send', { communityId, userId: member.userId, text: 'Welcome, Mateo. Ask me anything.' });
  const home = `/community/${encodeURIComponent(name)}`;
  return {
    // The time zone the app writes as it starts (apps/web/src/lib/time-zone.ts), as in any browser
    // that has opened it once: the server renders a member's pages only when it knows it. Chromium
    // runs on this computer, so its zone and clock are this process's.
    cookie: `${member.cookie}; ${TIME_ZONE_COOKIE}=${timeZoneCookieValue(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date().getTimezoneOffset())}`,
    pages: [
      { label: 'posts tab', path: home },
      { label: 'course', path: `/course/${course!.id}` },
      { label: 'chat tab', path: `${home}?tab=chat&with=${owner.userId}` },
    ],
  };
}
