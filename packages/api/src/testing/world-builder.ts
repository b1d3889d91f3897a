import type { Database } from '@app/db';
import { comments, communities, communityEvents, communityMembers, courseModules, courses, lessons, personBlocks, posts, profiles } from '@app/db/schema';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { callerFor, createTestUser, unlimitedRateLimiter } from './callers.ts';

let communityCounter = 0;
/** A community as communities.create leaves it (the owner an approved member, counted once), rows written directly. */
export async function createTestCommunity(database: Database, ownerId: string, values: Partial<typeof communities.$inferInsert> = {}) {
  communityCounter += 1;
  const [row] = await database.db
    .insert(communities)
    .values({ name: `Test Community ${communityCounter} ${Date.now()}`, ownerId, membersCount: 1, ...values })
    .returning();
  await database.db.insert(communityMembers).values({ communityId: row!.id, userId: ownerId, role: 'owner', status: 'approved' });
  return row!;
}

/** One person in each standing a community can give: see `createTestWorld`. */
export interface TestPeople {
  owner: string;
  /** Approved members: `member` wrote the post, the comment and the message, to `other`. */
  member: string;
  other: string;
  /** Asked to join the private community; the request is pending. */
  applicant: string;
  /** Was approved, then banned by the owner (membership.ban): cannot see the community or rejoin. */
  removed: string;
  /** Signed in, with no tie to the community. */
  stranger: string;
}

export async function createTestPeople(database: Database): Promise<TestPeople> {
  const [owner, member, other, applicant, removed, stranger] = await Promise.all(Array.from({ length: 6 }, () => createTestUser(database)));
  return { owner: owner!, member: member!, other: other!, applicant: applicant!, removed: removed!, stranger: stranger! };
}

/**
 * Undoes what a call may have done to the shared people themselves rather than to one world, so the
 * next world of the same people is whole: a block between two of them (the world's chat message would
 * be refused), a closed account and the memberships its closing suspended.
 */
export async function restoreTestPeople(database: Database): Promise<void> {
  await database.db.delete(personBlocks);
  await database.db.update(profiles).set({ closedAt: null }).where(isNotNull(profiles.closedAt));
  await database.db.update(communityMembers).set({ status: 'approved' }).where(eq(communityMembers.status, 'closed'));
}

/**
 * A private community with `people` in their standings (the applicant's request and the ban go
 * through the router, as in the app), a post and a comment by the member, a message from the
 * member to the other, and a course visible to members with one module of one lesson. The same people can stand in any number of worlds.
 */
export async function createTestWorld(database: Database, people?: TestPeople) {
  const p = people ?? (await createTestPeople(database));
  const community = await createTestCommunity(database, p.owner, { isPrivate: true, membersCount: 4 });
  await database.db.insert(communityMembers).values([
    { communityId: community.id, userId: p.member, role: 'member', status: 'approved' },
    { communityId: community.id, userId: p.other, role: 'member', status: 'approved' },
    { communityId: community.id, userId: p.removed, role: 'member', status: 'approved' },
  ]);
  const as = (userId: string) => callerFor(database, userId, { rateLimiter: unlimitedRateLimiter });
  await as(p.applicant).membership.join({ communityId: community.id });
  await as(p.owner).membership.ban({ communityId: community.id, userId: p.removed });
  const [post] = await database.db.insert(posts).values({ communityId: community.id, userId: p.member, content: 'hello' }).returning();
  const [comment] = await database.db.insert(comments).values({ postId: post!.id, userId: p.member, content: 'first' }).returning();
  const message = await as(p.member).chat.send({ communityId: community.id, userId: p.other, text: 'hi' });
  const [course] = await database.db
    .insert(courses)
    .values({ communityId: community.id, ownerId: p.owner, title: 'Basics', description: 'Start here', isPrivate: false })
    .returning();
  const [courseModule] = await database.db.insert(courseModules).values({ courseId: course!.id, title: 'Week 1', order: 1 }).returning();
  const [lesson] = await database.db.insert(lessons).values({ moduleId: courseModule!.id, title: 'Welcome', order: 1 }).returning();
  const [event] = await database.db
    .insert(communityEvents)
    .values({
      communityId: community.id,
      createdBy: p.owner,
      title: 'Kick-off call',
      description: 'Meet everyone',
      startTimestamp: new Date(Date.now() + 86_400_000),
      endTimestamp: new Date(Date.now() + 90_000_000),
      meetingLink: 'https://meet.example/kick-off',
    })
    .returning();
  return {
    ...p,
    people: p,
    community: { ...community, membersCount: 3 },
    post: post!,
    comment: comment!,
    message,
    course: course!,
    courseModule: courseModule!,
    lesson: lesson!,
    event: event!,
  };
}

export type TestWorld = Awaited<ReturnType<typeof createTestWorld>>;

/** A moderator and an admin of a world's community: two approved members named by the owner. */
export interface TestStaff {
  moderator: string;
  admin: string;
}

export async function createTestStaff(database: Database): Promise<TestStaff> {
  const [moderator, admin] = await Promise.all([createTestUser(database), createTestUser(database)]);
  return { moderator: moderator!, admin: admin! };
}

/** Makes `staff` approved members of the world's community and has its owner name them (membership.setRole, as in the app). */
export async function addTestStaff(database: Database, world: TestWorld, staff: TestStaff): Promise<TestWorld & TestStaff> {
  await database.db.insert(communityMembers).values([
    { communityId: world.community.id, userId: staff.moderator, role: 'member', status: 'approved' },
    { communityId: world.community.id, userId: staff.admin, role: 'member', status: 'approved' },
  ]);
  const [row] = await database.db
    .update(communities)
    .set({ membersCount: sql`${communities.membersCount} + 2` })
    .where(eq(communities.id, world.community.id))
    .returning({ membersCount: communities.membersCount });
  const owner = callerFor(database, world.owner, { rateLimiter: unlimitedRateLimiter });
  await owner.membership.setRole({ communityId: world.community.id, userId: staff.moderator, role: 'moderator' });
  await owner.membership.setRole({ communityId: world.community.id, userId: staff.admin, role: 'admin' });
  return { ...world, ...staff, community: { ...world.community, membersCount: row!.membersCount } };
}
