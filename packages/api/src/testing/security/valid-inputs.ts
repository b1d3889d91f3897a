import type { Database } from '@app/db';
import { communities, communityInvites, dataExports, feedbackComments, personBlocks, feedbacks, notifications, partnerEarnings, partnerReferrals, partners, pollOptions, polls, postCategories, posts, profiles, reports } from '@app/db/schema';
import { CATEGORY_VALUES, COMMUNITY_LANGUAGE_VALUES, NOTIFY_ME_ABOUT } from '@app/shared/constants';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { becomePartner } from '../../partners/service.ts';
import { createTestUser, storeTestUpload, testStorage, type TestWorld } from '../index.ts';

/**
 * Test support: for every procedure, an input that is right in every way but who sends it, in a
 * world made by `createTestWorld`: a refusal with it is about the caller, not the input. The
 * authorization matrix calls each procedure with it; the fuzzing test mutates it.
 */

export interface InputContext {
  database: Database;
  world: TestWorld;
  /** The caller (null: signed out). */
  me: string | null;
}

type InputFor = (context: InputContext) => unknown;

let categories = 0;
/** Room for one more category in the world's community (at most 9 kept), and a name not yet taken there. */
async function roomForCategory(database: Database, world: TestWorld): Promise<string> {
  const rows = await database.db.select({ id: postCategories.id }).from(postCategories).where(eq(postCategories.communityId, world.community.id)).orderBy(asc(postCategories.position));
  if (rows.length > 8) await database.db.delete(postCategories).where(inArray(postCategories.id, rows.slice(8).map((r) => r.id)));
  categories += 1;
  return `Topic ${categories}`;
}
/** A category of the world's community, written directly. */
async function aCategory(database: Database, world: TestWorld): Promise<string> {
  const name = await roomForCategory(database, world);
  const [row] = await database.db.insert(postCategories).values({ communityId: world.community.id, name, emoji: '💡', position: categories }).returning({ id: postCategories.id });
  return row!.id;
}

let uploads = 0;
/** A community logo uploaded by `userId` (recorded as theirs); signed out, a stored file nobody owns. */
async function uploadedLogo(database: Database, userId: string | null): Promise<string> {
  uploads += 1;
  const key = `${userId ?? '00000000-0000-4000-8000-000000000000'}/logo-${uploads}-${Date.now()}.webp`;
  if (userId) await storeTestUpload(database, userId, 'community-logos', key, Buffer.from('logo'), 'image/webp');
  else await testStorage().put('community-logos', key, Buffer.from('logo'), 'image/webp');
  return `/uploads/community-logos/${key}`;
}

/** A feedback-media upload by `userId` (recorded as theirs); signed out, none. */
async function uploadedFeedbackMedia(database: Database, userId: string | null): Promise<string | null> {
  uploads += 1;
  return userId ? storeTestUpload(database, userId, 'documents-feedbacks', `${userId}/feedback-${uploads}-${Date.now()}.png`, Buffer.from('image'), 'image/png') : null;
}

/** A feedback on the wall by the world's member (its author, as of the world's post), with a comment of theirs on it. */
async function memberFeedback({ database, world }: InputContext) {
  const [feedback] = await database.db.insert(feedbacks).values({ userId: world.member, content: 'Lovely product', rating: 4 }).returning();
  const [comment] = await database.db.insert(feedbackComments).values({ feedbackId: feedback!.id, userId: world.member, text: 'Still true' }).returning();
  return { feedback: feedback!, comment: comment! };
}

async function usernameOf(database: Database, userId: string | null): Promise<string> {
  if (!userId) return 'nobody_000000';
  const [row] = await database.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, userId));
  return row!.username;
}

/** An event's form, filled in: a week from now, for an hour. */
const eventFields = {
  title: 'Office hours',
  description: 'Bring your questions',
  startsAt: new Date(Date.now() + 7 * 86_400_000),
  endsAt: new Date(Date.now() + 7 * 86_400_000 + 3_600_000),
  meetingLink: 'https://meet.example/office-hours',
  videoUrl: null,
  coverKey: null,
  reminderMinutes: 15,
};

/** The person a chat is about, from the caller's side: the member talks to `other`, everyone else to the member. */
const peerOf = ({ world, me }: InputContext) => (me === world.member ? world.other : world.member);

const community = ({ world }: InputContext) => ({ communityId: world.community.id });

/** A post of the world's member (its author, as of the world's post) carrying an open poll; its first option. */
async function memberPoll({ database, world }: InputContext) {
  const [post] = await database.db.insert(posts).values({ communityId: world.community.id, userId: world.member, content: 'Which day?' }).returning();
  await database.db.insert(polls).values({ postId: post!.id });
  const [option] = await database.db.insert(pollOptions).values([{ postId: post!.id, position: 0, label: 'Monday' }, { postId: post!.id, position: 1, label: 'Friday' }]).returning();
  return { postId: post!.id, optionId: option!.id };
}

/**
 * The partner programme's standing, set before a partner-only call: the member is the partner who
 * referred the world's community, and nobody else is a partner (whatever an earlier row's
 * `partners.join` made them), so the row is about the caller.
 */
async function partnerStanding({ database, world, me }: InputContext) {
  if (me === world.member) {
    await becomePartner(database.db, me);
    await database.db.insert(partnerReferrals).values({ partnerId: me, communityId: world.community.id }).onConflictDoNothing();
  } else if (me) {
    await database.db.delete(partners).where(eq(partners.userId, me));
  }
}
/** A working invite link to the world's community, made by its owner (written directly). */
async function anInvite({ database, world }: InputContext) {
  const [invite] = await database.db
    .insert(communityInvites)
    .values({ communityId: world.community.id, createdBy: world.owner, token: `valid-input-${++uploads}-${Date.now()}`, expiresAt: null, maxUses: null })
    .returning();
  return invite!;
}

const chatPair = (c: InputContext) => ({ communityId: c.world.community.id, userId: peerOf(c) });

export const VALID_INPUTS: Record<string, InputFor> = {
  'profiles.me': () => undefined,
  'profiles.byUsername': async ({ database, world }) => ({ username: await usernameOf(database, world.member) }),
  'profiles.update': async ({ database, me }) => ({
    username: await usernameOf(database, me),
    contactEmail: 'me@example.com',
    bio: 'Hello there',
    urls: ['https://example.com'],
    category: CATEGORY_VALUES[0],
    language: COMMUNITY_LANGUAGE_VALUES[0],
    avatarUrl: null,
  }),
  'profiles.notifications': () => undefined,
  'profiles.hidePresence': () => ({ hidden: false }),
  'profiles.updateNotifications': () => ({ notifyMeAbout: NOTIFY_ME_ABOUT[0], communicationEmails: true, marketingEmails: false, socialEmails: true, mobileSettings: true, mobileNotifyMeAbout: 'mentions' }),
  'profiles.list': () => ({ search: 'person' }),
  'profiles.count': () => undefined,

  'communities.list': () => ({ search: 'Test', limit: 5 }),
  'communities.count': () => undefined,
  'communities.ofProfile': ({ world }) => ({ userId: world.owner }),
  'communities.byName': ({ world }) => ({ name: world.community.name }),
  'communities.create': async ({ database, me }) => ({
    name: `Fresh community ${++uploads} ${Date.now()}`,
    logoUrl: await uploadedLogo(database, me),
    category: CATEGORY_VALUES[0],
    language: COMMUNITY_LANGUAGE_VALUES[0],
    contactEmail: 'hello@example.com',
    availableSeats: null,
  }),
  'communities.update': async ({ database, world, me }) => ({
    communityId: world.community.id,
    name: `${world.community.name} renamed`,
    logoUrl: await uploadedLogo(database, me),
    category: CATEGORY_VALUES[0],
    language: COMMUNITY_LANGUAGE_VALUES[0],
    contactEmail: 'hello@example.com',
    availableSeats: null,
    description: 'About us',
    rules: null,
    videoUrl: null,
    isPrivate: true,
    membershipAmountCents: 0,
  }),
  'communities.mine': () => undefined,
  // The owner hands the world's community to the other member.
  'communities.transferOwnership': ({ world }) => ({ communityId: world.community.id, userId: world.other }),
  // Confirmed by typing its name (any case).
  'communities.delete': ({ world }) => ({ communityId: world.community.id, name: world.community.name.toUpperCase() }),

  'membership.status': community,
  'membership.join': community,
  'membership.members': community,
  'membership.mentionable': ({ world }) => ({ communityId: world.community.id, search: 'a' }),
  'membership.online': ({ world }) => ({ communityId: world.community.id, userIds: [world.member, world.owner] }),
  'membership.approve': ({ world }) => ({ communityId: world.community.id, userId: world.applicant }),
  'membership.decline': ({ world }) => ({ communityId: world.community.id, userId: world.applicant }),
  'membership.remove': ({ world }) => ({ communityId: world.community.id, userId: world.other }),
  'membership.ban': ({ world }) => ({ communityId: world.community.id, userId: world.other, reason: 'Spam' }),
  'membership.unban': ({ world }) => ({ communityId: world.community.id, userId: world.removed }),
  'membership.bans': community,
  // The owner or an admin makes the other member a moderator.
  'membership.setRole': ({ world }) => ({ communityId: world.community.id, userId: world.other, role: 'moderator' }),
  'membership.leave': community,
  'membership.onChange': community,

  'invitations.list': community,
  'invitations.create': (c) => ({ ...community(c), expiresIn: '7d', maxUses: 10 }),
  'invitations.revoke': async (c) => ({ ...community(c), inviteId: (await anInvite(c)).id }),
  'invitations.email': (c) => ({ ...community(c), emails: [`friend-${++uploads}@example.com`] }),
  'invitations.byToken': async (c) => ({ token: (await anInvite(c)).token }),
  'invitations.accept': async (c) => ({ token: (await anInvite(c)).token }),
  'invitations.onChange': community,

  // A checkout is for a paid community: the world's is made one first.
  'payments.createCheckout': async ({ database, world }) => {
    await database.db.update(communities).set({ membershipAmountCents: 500 }).where(eq(communities.id, world.community.id));
    return { communityId: world.community.id };
  },

  'posts.list': community,
  'posts.byId': ({ world }) => ({ postId: world.post.id }),
  'posts.create': ({ world }) => ({ communityId: world.community.id, content: 'A new post', feeling: null }),
  'posts.update': ({ world }) => ({ postId: world.post.id, content: 'Edited', feeling: null }),
  'posts.delete': ({ world }) => ({ postId: world.post.id }),
  'posts.like': ({ world }) => ({ postId: world.post.id, liked: true }),
  'posts.comments': ({ world }) => ({ postId: world.post.id }),
  'posts.addComment': ({ world }) => ({ postId: world.post.id, content: 'Nice' }),
  'posts.updateComment': ({ world }) => ({ commentId: world.comment.id, content: 'Nice, edited' }),
  'posts.deleteComment': ({ world }) => ({ commentId: world.comment.id }),
  'posts.likeComment': ({ world }) => ({ commentId: world.comment.id, liked: true }),
  'posts.vote': memberPoll,
  'posts.closePoll': async (context) => ({ postId: (await memberPoll(context)).postId }),
  'posts.onFeed': community,
  'posts.pin': ({ world }) => ({ postId: world.post.id }),
  'posts.unpin': ({ world }) => ({ postId: world.post.id }),
  'posts.categories': community,
  'posts.createCategory': async ({ database, world }) => ({ communityId: world.community.id, name: await roomForCategory(database, world), emoji: '🎉' }),
  'posts.updateCategory': async ({ database, world }) => ({ communityId: world.community.id, categoryId: await aCategory(database, world), name: `Renamed ${Date.now()}`, emoji: '📰' }),
  'posts.reorderCategories': async ({ database, world }) => {
    await aCategory(database, world);
    const rows = await database.db.select({ id: postCategories.id }).from(postCategories).where(eq(postCategories.communityId, world.community.id));
    return { communityId: world.community.id, categoryIds: rows.map((r) => r.id).reverse() };
  },
  'posts.deleteCategory': async ({ database, world }) => ({ communityId: world.community.id, categoryId: await aCategory(database, world) }),

  'chat.conversations': community,
  'chat.recent': () => undefined,
  'chat.unreadTotal': () => undefined,
  'chat.messages': chatPair,
  'chat.send': (c) => ({ ...chatPair(c), text: 'Hello' }),

  'courses.list': community,
  'courses.byId': ({ world }) => ({ courseId: world.course.id }),
  'courses.create': (c) => ({ ...community(c), title: 'A new course', description: 'What it teaches', visibleToMembers: true }),
  'courses.update': ({ world }) => ({ courseId: world.course.id, title: 'Basics, revised', description: 'Start here', isPrivate: false }),
  'courses.delete': ({ world }) => ({ courseId: world.course.id }),
  'courses.module': ({ world }) => ({ moduleId: world.courseModule.id }),
  'courses.saveModule': ({ world }) => ({ courseId: world.course.id, clientId: crypto.randomUUID(), title: 'Week 2', content: '<p>Read this</p>', videoUrl: null, requiredLevel: 2 }),
  'courses.renameModule': ({ world }) => ({ moduleId: world.courseModule.id, title: 'Week 1, renamed' }),
  'courses.renameLesson': ({ world }) => ({ lessonId: world.lesson.id, title: 'Welcome, renamed' }),
  'courses.deleteModule': ({ world }) => ({ moduleId: world.courseModule.id }),
  'courses.reorderModules': ({ world }) => ({ courseId: world.course.id, moduleIds: [world.courseModule.id] }),
  'courses.lesson': ({ world }) => ({ lessonId: world.lesson.id }),
  'courses.addLesson': ({ world }) => ({ moduleId: world.courseModule.id }),
  'courses.updateLesson': ({ world }) => ({ lessonId: world.lesson.id, title: 'Welcome!', content: '<p>Hello</p>', videoUrl: null }),
  'courses.deleteLesson': ({ world }) => ({ lessonId: world.lesson.id }),
  'courses.reorderLessons': ({ world }) => ({ moduleId: world.courseModule.id, lessonIds: [world.lesson.id] }),
  'courses.onChange': community,
  'courses.setComplete': ({ world }) => ({ lessonId: world.lesson.id, completed: true }),

  'calendar.list': (c) => ({ ...community(c), from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 30 * 86_400_000) }),
  'calendar.upcoming': community,
  'calendar.byId': ({ world }) => ({ eventId: world.event.id }),
  'calendar.create': (c) => ({ ...community(c), ...eventFields }),
  'calendar.update': ({ world }) => ({ eventId: world.event.id, ...eventFields, title: 'Kick-off call, moved' }),
  'calendar.delete': ({ world }) => ({ eventId: world.event.id }),
  'calendar.onChange': community,

  'levels.board': (c) => ({ ...community(c), period: '30d' }),
  'levels.summary': community,
  'levels.onLevelUp': () => ({}),
  'chat.edit': ({ world }) => ({ messageId: world.message.id, text: 'Edited' }),
  'chat.delete': ({ world }) => ({ messageId: world.message.id }),
  'chat.markRead': chatPair,
  'chat.onConversation': chatPair,
  'chat.onInbox': () => ({}),

  // The member is reported by whoever asks (the member reports the other member); a moderator acts on an open report of the member's post.
  'moderation.report': ({ world, me }) => ({ communityId: world.community.id, userId: me === world.member ? world.other : world.member, reason: 'spam' }),
  'moderation.queue': community,
  'moderation.openCount': community,
  'moderation.act': async ({ database, world }) => {
    await database.db
      .insert(reports)
      .values({ communityId: world.community.id, reporterId: world.other, kind: 'post', itemId: world.post.id, postId: world.post.id, subjectId: world.member, reason: 'spam' })
      .onConflictDoNothing();
    return { communityId: world.community.id, kind: 'post', itemId: world.post.id, action: 'dismiss', note: 'Within the rules' };
  },
  'moderation.log': community,
  'moderation.onChange': community,

  'notifications.list': () => ({ cursor: null }),
  'notifications.unreadCount': () => undefined,
  'notifications.summary': () => undefined,
  'notifications.markRead': async ({ database, world, me }) => {
    if (!me) return { id: '00000000-0000-4000-8000-000000000000' };
    const [row] = await database.db
      .insert(notifications)
      .values({ recipientId: me, kind: 'post.liked', actorId: world.owner, communityId: world.community.id, postId: world.post.id, groupKey: `matrix:${Date.now()}:${++uploads}` })
      .returning({ id: notifications.id });
    return { id: row!.id };
  },
  'notifications.markAllRead': () => undefined,
  'notifications.muted': community,
  'notifications.mute': (c) => ({ ...community(c), muted: true }),
  'notifications.onChange': () => ({}),
  'notifications.pushKey': () => undefined,
  'notifications.pushSubscribe': () => ({
    endpoint: 'https://push.example.test/send/valid-input',
    keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    mobile: false,
    language: 'en',
  }),
  'notifications.pushUnsubscribe': () => ({ endpoint: 'https://push.example.test/send/valid-input' }),

  'search.community': (c) => ({ ...community(c), query: 'hello' }),

  // A person of their own each time: a block between the world's people would change their chats.
  'blocks.block': async ({ database }) => ({ userId: await createTestUser(database) }),
  'blocks.unblock': async ({ database, me }) => {
    const userId = await createTestUser(database);
    if (me) await database.db.insert(personBlocks).values({ blockerId: me, blockedId: userId });
    return { userId };
  },
  'blocks.list': () => undefined,
  'blocks.onChange': () => ({}),

  'feedback.list': () => ({ limit: 10 }),
  'feedback.create': async ({ database, me }) => ({ content: 'Great product', rating: 5, mediaKey: await uploadedFeedbackMedia(database, me), videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }),
  'feedback.update': async (c) => ({ feedbackId: (await memberFeedback(c)).feedback.id, content: 'Even better now', rating: 5, videoUrl: null }),
  'feedback.delete': async (c) => ({ feedbackId: (await memberFeedback(c)).feedback.id }),
  'feedback.comments': async (c) => ({ feedbackId: (await memberFeedback(c)).feedback.id }),
  'feedback.addComment': async (c) => ({ feedbackId: (await memberFeedback(c)).feedback.id, text: 'Agreed' }),
  'feedback.deleteComment': async (c) => ({ feedbackCommentId: (await memberFeedback(c)).comment.id }),
  'feedback.onWall': () => ({}),
  // A person's data export: one at a time, so a cell's earlier export is given up first.
  'exports.request': async ({ database, me }) => {
    if (me) await database.db.update(dataExports).set({ status: 'failed' }).where(and(eq(dataExports.userId, me), eq(dataExports.status, 'preparing')));
    return {};
  },
  'exports.latest': () => undefined,
  'exports.onChange': () => ({}),

  'partners.me': () => undefined,
  'partners.join': () => undefined,
  'partners.dashboard': async (c) => {
    await partnerStanding(c);
    return undefined;
  },
  'partners.ledger': async (c) => {
    await partnerStanding(c);
    return { limit: 20 };
  },
  'partners.payouts': async (c) => {
    await partnerStanding(c);
    return { limit: 20 };
  },
  'partners.onDashboard': async (c) => {
    await partnerStanding(c);
    return {};
  },
  // Admins only (the matrix's admin verdicts are the stranger's with ctx.isAdmin).
  'partners.balances': () => ({ search: 'person' }),
  'partners.recordPayout': async (c) => {
    await partnerStanding({ ...c, me: c.world.member });
    // A cent earned on the referred community, so there is a pending balance to pay out.
    await c.database.db
      .insert(partnerEarnings)
      .values({ partnerId: c.world.member, communityId: c.world.community.id, kind: 'commission', baseCents: 20, rateBasisPoints: 500, amountCents: 1 });
    return { partnerId: c.world.member, amountCents: 1, reference: 'Transfer 1' };
  },

  'deletion.status': () => undefined,
  // Typed right; anyone but the world's owner first gives up communities made by other rows (communities.create).
  'deletion.close': async ({ database, world, me }) => {
    if (me && me !== world.owner) await database.db.delete(communities).where(eq(communities.ownerId, me));
    return { username: await usernameOf(database, me) };
  },
  // A closed account (as 'Delete my account' leaves it) signed in again.
  'deletion.restore': async ({ database, me }) => {
    if (me) await database.db.update(profiles).set({ closedAt: new Date() }).where(eq(profiles.id, me));
    return undefined;
  },
};
