/**
 * The people and places of a load run: members signed in through the dev sign-in (a real session
 * each), grouped into communities of COMMUNITY_SIZE, each community with some posts, a course of a
 * few modules and events on its calendar. Memberships and content are written in SQL: joining is
 * not what the load measures.
 */
import type { Database } from '@app/db';
import { sql } from 'drizzle-orm';
import { devSignIn } from '../bench/sign-in.ts';

export interface Community {
  id: string;
  name: string;
  lessonIds: string[];
  courseId: string;
}

export interface Person {
  index: number;
  userId: string;
  cookie: string;
  community: Community;
}

const MODULES = 4;
const LESSONS_PER_MODULE = 5;
const POSTS_PER_COMMUNITY = 40;

function signIn(serverUrl: string, index: number): Promise<{ userId: string; cookie: string }> {
  return devSignIn(serverUrl, `member${index}@load.example`, `Member ${index}`);
}

async function createCommunity(database: Database, index: number, ownerId: string): Promise<Community> {
  const { db } = database;
  const name = `Load Club ${index}`;
  const [community] = (await db.execute(sql`
    INSERT INTO communities (name, owner_id, members_count) VALUES (${name}, ${ownerId}, 1) RETURNING id`)) as unknown as Array<{ id: string }>;
  const id = community!.id;
  await db.execute(sql`INSERT INTO community_members (community_id, user_id, role, status) VALUES (${id}, ${ownerId}, 'owner', 'approved')`);
  await db.execute(sql`
    INSERT INTO posts (community_id, user_id, content, created_at, updated_at)
    SELECT ${id}, ${ownerId}, 'Welcome post ' || i || ': say hello below.', now() - make_interval(mins => i), now() - make_interval(mins => i)
    FROM generate_series(1, ${POSTS_PER_COMMUNITY}) AS i`);
  const [course] = (await db.execute(sql`
    INSERT INTO courses (owner_id, community_id, title, description, is_private)
    VALUES (${ownerId}, ${id}, 'Getting started', 'The load course.', false) RETURNING id`)) as unknown as Array<{ id: string }>;
  await db.execute(sql`
    INSERT INTO course_modules (course_id, title, "order", content)
    SELECT ${course!.id}, 'Module ' || m, m, '<p>About this module.</p>' FROM generate_series(1, ${MODULES}) AS m`);
  const lessons = (await db.execute(sql`
    INSERT INTO lessons (module_id, title, "order", content)
    SELECT m.id, 'Lesson ' || m."order" || '.' || l, l, '<p>A lesson with a few lines of text.</p>'
    FROM course_modules m, generate_series(1, ${LESSONS_PER_MODULE}) AS l WHERE m.course_id = ${course!.id}
    RETURNING id`)) as unknown as Array<{ id: string }>;
  await db.execute(sql`
    INSERT INTO community_events (community_id, title, description, start_timestamp, end_timestamp, created_by)
    SELECT ${id}, 'Weekly call ' || d, 'We meet and talk.', date_trunc('day', now()) + make_interval(days => d, hours => 18),
           date_trunc('day', now()) + make_interval(days => d, hours => 19), ${ownerId}
    FROM generate_series(-10, 20, 3) AS d`);
  return { id, name, courseId: course!.id, lessonIds: lessons.map((l) => l.id) };
}

/**
 * Signs in people `from` .. `to - 1` (a few at a time) and puts each in community
 * floor(index / communitySize), creating it (owned by its first person) when needed.
 */
export async function seedPeople(
  database: Database,
  serverUrl: string,
  communities: Community[],
  from: number,
  to: number,
  communitySize: number,
): Promise<Person[]> {
  const signedIn: Array<{ index: number; userId: string; cookie: string }> = [];
  for (let start = from; start < to; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, to - start) }, async (_, k) => ({ index: start + k, ...(await signIn(serverUrl, start + k)) })),
    );
    signedIn.push(...batch);
  }
  const people: Person[] = [];
  for (const person of signedIn) {
    const c = Math.floor(person.index / communitySize);
    let community = communities[c];
    if (!community) {
      community = await createCommunity(database, c, person.userId);
      communities[c] = community;
    } else {
      await database.db.execute(sql`
        INSERT INTO community_members (community_id, user_id, role, status) VALUES (${community.id}, ${person.userId}, 'member', 'approved')`);
      await database.db.execute(sql`UPDATE communities SET members_count = members_count + 1 WHERE id = ${community.id}`);
    }
    people.push({ ...person, community });
  }
  return people;
}
