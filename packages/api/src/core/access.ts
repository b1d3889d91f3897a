import { preparedPerHandle, type Queryable } from '@app/db';
import { comments, communities, communityBans, communityEvents, communityMembers, courseModules, courses, feedbackComments, feedbacks, lessons, messages, posts } from '@app/db/schema';
import { CHAT_MESSAGES } from '@app/shared/chat';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { COURSE_MESSAGES } from '@app/shared/courses';
import { EVENT_MESSAGES } from '@app/shared/calendar';
import { FEEDBACK_MESSAGES } from '@app/shared/feedback';
import { POST_MESSAGES } from '@app/shared/posts';
import { atLeast, outranks, ROLE_MESSAGES, type CommunityRole } from '@app/shared/roles';
import { and, eq, getTableColumns, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import { AppError } from './errors.ts';

/**
 * Who may call what, in one place. A scoped procedure names a community, directly
 * (`communityId`) or through something in it (`postId`, `commentId`, `messageId`, `courseId`, `moduleId`, `lessonId`, `eventId`); one query loads
 * that community with the caller's membership (and the author of the thing named, and for chat the
 * other person's standing), and a rule decides. The procedure builders in trpc.ts and the Fastify
 * routes that serve private files both go through `authorize`.
 */

export type CommunityRow = typeof communities.$inferSelect;

export interface Membership {
  role: CommunityRole;
  /** 'closed': the person's account is closed (deletion/); such a membership counts as none until it is restored. */
  status: 'pending' | 'approved' | 'closed';
}

/** The post, comment, message, course, module, lesson or event the input names. */
export interface Subject {
  kind: 'post' | 'comment' | 'message' | 'course' | 'module' | 'lesson' | 'event';
  id: string;
  authorId: string;
  /** A message's receiver (the two people of a conversation are its author and recipient). */
  recipientId: string | null;
  /** For a course (or its module or lesson): the course is private, for its owner and admins only. */
  hidden: boolean;
  /** The author's role in the community now (null: no longer in it); a moderator acts only on those below them. */
  authorRole: CommunityRole | null;
}

export interface Scope {
  community: CommunityRow;
  /** The caller's standing and role; the owner is always an approved 'owner'. Null: neither member nor applicant. */
  membership: Membership | null;
  subject: Subject | null;
  /** Chat: the other person (the input's `userId`, or the other party of the message) and whether they belong. */
  peer: { id: string; member: boolean } | null;
  /** The caller is banned from the community (membership.ban): every rule refuses them, saying so. */
  banned?: boolean;
}

/** Who may call a procedure: the rules the builders declare, listed in the README's table. */
export const ACCESS_RULES = {
  anyone: 'anyone, signed in or not',
  'signed-in': 'any signed-in person',
  admin: 'a platform admin (an e-mail in ADMIN_EMAILS)',
  partner: 'a member of the partner programme',
  member: 'an approved member or the owner of the community',
  owner: 'the owner of the community',
  'community-admin': 'an admin or the owner of the community (its moderators cannot)',
  moderator: 'a moderator, an admin or the owner of the community',
  author: 'its author, while a member (for a message: while both people are members)',
  'author-or-moderator': 'its author while a member, or a moderator, admin or owner who outranks the author',
  'chat-pair': 'a member, about another member of the same community (for a message: one of its two people)',
  'course-viewer': 'the owner, or a member when the course is visible to members',
  'feedback-author': 'the author of the feedback',
  'feedback-author-or-admin': 'the author of the feedback or comment, or a platform admin',
} as const;

export type AccessRule = keyof typeof ACCESS_RULES;
/** Rules about one feedback or feedback comment: the wall is the platform's, not a community's. */
export type FeedbackRule = 'feedback-author' | 'feedback-author-or-admin';
export type ScopedRule = Exclude<AccessRule, 'anyone' | 'signed-in' | 'admin' | 'partner' | FeedbackRule>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/** The input keys that name a scope, most specific first, with what a missing one is called. */
const SCOPE_KEYS = {
  messageId: { notFound: CHAT_MESSAGES.notFound, notAuthor: CHAT_MESSAGES.notSender },
  commentId: { notFound: POST_MESSAGES.commentNotFound, notAuthor: POST_MESSAGES.notCommentAuthor },
  postId: { notFound: POST_MESSAGES.notFound, notAuthor: POST_MESSAGES.notAuthor },
  lessonId: { notFound: COURSE_MESSAGES.notFound, notAuthor: COMMUNITY_MESSAGES.ownerOnly },
  moduleId: { notFound: COURSE_MESSAGES.notFound, notAuthor: COMMUNITY_MESSAGES.ownerOnly },
  courseId: { notFound: COURSE_MESSAGES.notFound, notAuthor: COMMUNITY_MESSAGES.ownerOnly },
  eventId: { notFound: EVENT_MESSAGES.notFound, notAuthor: COMMUNITY_MESSAGES.ownerOnly },
  communityId: { notFound: COMMUNITY_MESSAGES.notFound, notAuthor: COMMUNITY_MESSAGES.ownerOnly },
} as const;

type ScopeKey = keyof typeof SCOPE_KEYS;

export interface ScopeRef {
  key: ScopeKey;
  id: string;
  /** The other person an input names (chat), if any. */
  peerId: string | null;
}

/**
 * Which scope a raw input names; null when it names none, or more than one: the rule is checked
 * before the input is parsed, so an input may not name one thing for the check and another (a key
 * the procedure's schema would drop) for the work.
 */
export function scopeOf(raw: unknown): ScopeRef | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const input = raw as Record<string, unknown>;
  const named = (Object.keys(SCOPE_KEYS) as ScopeKey[]).filter((k) => input[k] !== undefined && input[k] !== null);
  const key = named[0];
  if (!key || named.length > 1) return null;
  const peer = input.userId;
  // Anything but a string cannot be an id (and an object without a usable toString would throw here).
  const id = input[key];
  return { key, id: typeof id === 'string' ? id : '', peerId: typeof peer === 'string' && UUID.test(peer) ? peer : null };
}

const mine = alias(communityMembers, 'caller_membership');
const authorship = alias(communityMembers, 'author_membership');
const theirs = alias(communityMembers, 'peer_membership');

interface ScopeRow {
  community: CommunityRow;
  role: Membership['role'] | null;
  status: Membership['status'] | null;
  subjectId: string | null;
  authorId: string | null;
  recipientId: string | null;
  hidden: boolean | null;
  authorRole: CommunityRole | null;
  peerId: string | null;
  peerStatus: Membership['status'] | null;
  banned: boolean;
}

/** The values a scope query is run with (its SQL is built once per scope key, see `scopeQuery`). */
const param = { id: sql.placeholder('id'), userId: sql.placeholder('userId'), peerId: sql.placeholder('peerId') };

/**
 * The scope query for one kind of reference (its key, and whether a peer is named), built once per
 * database handle with placeholders: every scoped call runs one, and drizzle building its SQL each
 * time (the joins, every column of the community) cost more CPU than Postgres answering it.
 */
function buildScopeQuery(db: Queryable, key: ScopeKey, withPeer: boolean) {
  const subject = subjectColumns(key, param.userId);
  const peerId = subject ? subject.peer : withPeer ? sql`${param.peerId}::uuid` : null;
  const columns = {
      community: getTableColumns(communities),
      role: mine.role,
      status: mine.status,
      subjectId: subject ? subject.id : sql<null>`null`,
      authorId: subject ? subject.author : sql<null>`null`,
      recipientId: subject ? subject.recipient : sql<null>`null`,
      hidden: subject ? subject.hidden : sql<null>`null`,
      authorRole: subject ? authorship.role : sql<null>`null`,
      peerId: peerId ? sql<string>`${peerId}` : sql<null>`null`,
      peerStatus: theirs.status,
      banned: sql<boolean>`exists (select 1 from ${communityBans} where ${communityBans.communityId} = ${communities.id} and ${communityBans.userId} = ${param.userId}::uuid)`,
  };
  // The joins differ by scope, so the query is built dynamically; its columns are the ones above.
  let query: PgSelect = db.select(columns).from(subject ? subject.from : communities).$dynamic();
  for (const join of subject?.joins ?? []) query = query.innerJoin(join.table, join.on);
  if (subject) query = query.innerJoin(communities, eq(communities.id, subject.communityId));
  return query
    .leftJoin(mine, and(eq(mine.communityId, communities.id), sql`${mine.userId} = ${param.userId}::uuid`))
    .leftJoin(authorship, subject ? and(eq(authorship.communityId, communities.id), sql`${authorship.userId} = ${subject.author}`) : sql`false`)
    .leftJoin(theirs, peerId ? and(eq(theirs.communityId, communities.id), sql`${theirs.userId} = ${peerId}`) : sql`false`)
    .where(subject ? sql`${subject.id} = ${param.id}::uuid` : sql`${communities.id} = ${param.id}::uuid`)
    .prepare(`scope_${key}${withPeer ? '_peer' : ''}`);
}

const scopeQueries = new Map<string, (db: Queryable) => ReturnType<typeof buildScopeQuery>>();

function scopeQuery(db: Queryable, key: ScopeKey, withPeer: boolean) {
  const name = `${key}${withPeer ? '+peer' : ''}`;
  let query = scopeQueries.get(name);
  if (!query) scopeQueries.set(name, (query = preparedPerHandle((handle) => buildScopeQuery(handle, key, withPeer))));
  return query(db);
}

/** Loads the scope in one query: the community, the caller's membership, the subject and the peer's standing. */
export async function loadScope(db: Queryable, ref: ScopeRef, userId: string): Promise<Scope | null> {
  if (!UUID.test(ref.id)) return null;
  const withPeer = ref.key === 'communityId' && ref.peerId !== null;
  const kind = SUBJECT_KINDS[ref.key];
  const [row] = (await scopeQuery(db, ref.key, withPeer).execute({ id: ref.id, userId, peerId: ref.peerId })) as ScopeRow[];
  if (!row) return null;
  const community = row.community;
  const membership = membershipOf(community, userId, row);
  const peerMember = row.peerId !== null && (row.peerId === community.ownerId || row.peerStatus === 'approved');
  return {
    community,
    membership,
    subject:
      kind && row.subjectId
        ? {
            kind,
            id: row.subjectId,
            authorId: row.authorId!,
            recipientId: row.recipientId,
            hidden: row.hidden === true,
            authorRole: row.authorId === community.ownerId ? 'owner' : row.authorRole && roleOf(row.authorRole),
          }
        : null,
    peer: row.peerId ? { id: row.peerId, member: peerMember } : null,
    banned: row.banned,
  };
}

/** A person's standing in a community from their membership row's role and status (the owner's is always 'owner'). */
export function membershipOf(community: Pick<CommunityRow, 'ownerId'>, userId: string, row: { role: CommunityRole | null; status: Membership['status'] | null }): Membership | null {
  if (community.ownerId === userId) return { role: 'owner', status: 'approved' };
  return row.role && row.status ? { role: roleOf(row.role), status: row.status } : null;
}

/** What each key names (a community names no subject). */
const SUBJECT_KINDS: Record<ScopeKey, Subject['kind'] | null> = {
  communityId: null,
  postId: 'post',
  commentId: 'comment',
  messageId: 'message',
  eventId: 'event',
  courseId: 'course',
  moduleId: 'module',
  lessonId: 'lesson',
};

/** A membership row's role; only the community's `owner_id` is its owner (a row saying 'owner' for anyone else counts as a member). */
const roleOf = (role: CommunityRole): CommunityRole => (role === 'owner' ? 'member' : role);

function subjectColumns(key: ScopeKey, userId: Placeholder) {
  switch (key) {
    case 'communityId':
      return null;
    case 'postId':
      return { kind: 'post' as const, from: posts, joins: [], id: posts.id, author: posts.userId, recipient: sql<null>`null`, hidden: sql<null>`null`, communityId: posts.communityId, peer: null };
    case 'commentId':
      return {
        kind: 'comment' as const,
        from: comments,
        joins: [{ table: posts, on: eq(posts.id, comments.postId) }],
        id: comments.id,
        author: comments.userId,
        recipient: sql<null>`null`,
        hidden: sql<null>`null`,
        communityId: posts.communityId,
        peer: null,
      };
    case 'messageId':
      return {
        kind: 'message' as const,
        from: messages,
        joins: [],
        id: messages.id,
        author: messages.senderId,
        recipient: messages.receiverId,
        hidden: sql<null>`null`,
        communityId: messages.communityId,
        // The other party of the conversation, from the caller's side.
        peer: sql`case when ${messages.senderId} = ${userId}::uuid then ${messages.receiverId} else ${messages.senderId} end` as SQL,
      };
    case 'eventId':
      // An event is the community's: its "author" is the owner, whoever created it.
      return { kind: 'event' as const, from: communityEvents, joins: [], id: communityEvents.id, author: communities.ownerId, recipient: sql<null>`null`, hidden: sql<null>`null`, communityId: communityEvents.communityId, peer: null };
    case 'courseId':
      return courseSubject('course', courses, [], courses.id);
    case 'moduleId':
      return courseSubject('module', courseModules, [{ table: courses, on: eq(courses.id, courseModules.courseId) }], courseModules.id);
    case 'lessonId':
      return courseSubject('lesson', lessons, [
        { table: courseModules, on: eq(courseModules.id, lessons.moduleId) },
        { table: courses, on: eq(courses.id, courseModules.courseId) },
      ], lessons.id);
  }
}

/** A course, or one of its modules or lessons: its author is the course's owner, and it is hidden while the course is private. */
function courseSubject<K extends 'course' | 'module' | 'lesson'>(kind: K, from: PgTable, joins: Array<{ table: PgTable; on: SQL }>, id: AnyPgColumn) {
  return { kind, from, joins, id, author: courses.ownerId, recipient: sql<null>`null`, hidden: courses.isPrivate, communityId: courses.communityId, peer: null };
}

export const isMember = (scope: Pick<Scope, 'membership'>) => scope.membership?.status === 'approved';

/** The caller's role while an approved member (the owner's is 'owner'); null otherwise. */
export const roleIn = (scope: Pick<Scope, 'membership'>): CommunityRole | null => (isMember(scope) ? scope.membership!.role : null);

/** Who moderates: approves join requests, removes others' posts and members below them, pins. */
export const mayModerate = (scope: Pick<Scope, 'membership'>) => atLeast(roleIn(scope), 'moderator');

/** Who administers: edits the community, its categories, courses and events, and sees its private courses. */
export const mayAdminister = (scope: Pick<Scope, 'membership'>) => atLeast(roleIn(scope), 'admin');

/** Why `userId` may not act under `rule` in `scope`, or null when they may. */
export function refusal(rule: ScopedRule, scope: Scope, userId: string, ref: ScopeRef, override?: string): AppError | null {
  const words = SCOPE_KEYS[ref.key];
  const forbidden = (message: string) => new AppError('FORBIDDEN', override ?? message);
  // A banned person is told so, whatever they ask for (a ban ends any membership, so they hold none).
  if (scope.banned && !isMember(scope)) return new AppError('FORBIDDEN', COMMUNITY_MESSAGES.banned);
  switch (rule) {
    case 'member':
      return isMember(scope) ? null : forbidden(COMMUNITY_MESSAGES.membersOnly);
    case 'owner':
      return scope.community.ownerId === userId ? null : forbidden(COMMUNITY_MESSAGES.ownerOnly);
    case 'community-admin':
      return mayAdminister(scope) ? null : forbidden(ROLE_MESSAGES.adminsOnly);
    case 'moderator':
      return mayModerate(scope) ? null : forbidden(ROLE_MESSAGES.moderatorsOnly);
    case 'author':
    case 'author-or-moderator': {
      if (!isMember(scope)) return forbidden(scope.subject?.kind === 'message' ? CHAT_MESSAGES.notMembers : COMMUNITY_MESSAGES.membersOnly);
      if (scope.subject?.authorId !== userId) {
        if (rule === 'author' || !mayModerate(scope)) return forbidden(words.notAuthor);
        if (!outranks(roleIn(scope), scope.subject?.authorRole ?? 'member')) return forbidden(ROLE_MESSAGES.outranked);
      }
      if (scope.subject?.kind === 'message' && !scope.peer?.member) return forbidden(CHAT_MESSAGES.notMembers);
      return null;
    }
    case 'course-viewer':
      if (!isMember(scope)) return forbidden(COMMUNITY_MESSAGES.membersOnly);
      // A private course does not exist for anyone but the owner and admins: members cannot learn of it by id.
      return scope.subject?.hidden && !mayAdminister(scope) ? new AppError('NOT_FOUND', words.notFound) : null;
    case 'chat-pair': {
      if (scope.peer?.id === userId) return new AppError('BAD_REQUEST', CHAT_MESSAGES.self);
      const party = !scope.subject || scope.subject.authorId === userId || scope.subject.recipientId === userId;
      return party && isMember(scope) && scope.peer?.member ? null : forbidden(CHAT_MESSAGES.notMembers);
    }
  }
}

/**
 * The scope the raw input names, when `userId` may act on it under `rule`; a NOT_FOUND with the
 * thing's own words when it does not exist (or the id is malformed), FORBIDDEN when the rule refuses.
 */
export async function authorize(db: Queryable, raw: unknown, userId: string, rule: ScopedRule, override?: string): Promise<Scope> {
  const ref = scopeOf(raw);
  if (!ref) throw new AppError('BAD_REQUEST', COMMUNITY_MESSAGES.notFound);
  const scope = await loadScope(db, ref, userId);
  if (!scope || (ref.key !== 'communityId' && !scope.subject)) throw new AppError('NOT_FOUND', SCOPE_KEYS[ref.key].notFound);
  const refused = refusal(rule, scope, userId, ref, override);
  if (refused) throw refused;
  return scope;
}

/** Whether `userId` may still act under `rule` (long-lived subscriptions re-check now and then). */
export function stillAllowed(db: Queryable, raw: unknown, userId: string, rule: ScopedRule): Promise<boolean> {
  return authorize(db, raw, userId, rule).then(
    () => true,
    () => false,
  );
}

/** The feedback, or feedback comment, an input names, with its author. */
export interface FeedbackSubject {
  kind: 'feedback' | 'feedback-comment';
  id: string;
  authorId: string;
  /** The feedback itself, or the one the comment is on. */
  feedbackId: string;
}

const FEEDBACK_KEYS = {
  feedbackId: { notFound: FEEDBACK_MESSAGES.notFound, notAuthor: FEEDBACK_MESSAGES.notAuthor, notAuthorOrAdmin: FEEDBACK_MESSAGES.notAuthorOrAdmin },
  feedbackCommentId: { notFound: FEEDBACK_MESSAGES.commentNotFound, notAuthor: FEEDBACK_MESSAGES.notCommentAuthorOrAdmin, notAuthorOrAdmin: FEEDBACK_MESSAGES.notCommentAuthorOrAdmin },
} as const;

/**
 * The feedback (`feedbackId`) or feedback comment (`feedbackCommentId`) the raw input names, when
 * `userId` may act on it under `rule`: its author, or for `feedback-author-or-admin` a platform
 * admin too. NOT_FOUND in its own words when it does not exist (or the id is malformed), FORBIDDEN
 * when the rule refuses, BAD_REQUEST when the input names neither or both.
 */
export async function authorizeFeedback(db: Queryable, raw: unknown, userId: string, isAdmin: boolean, rule: FeedbackRule): Promise<FeedbackSubject> {
  const input = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const named = (Object.keys(FEEDBACK_KEYS) as Array<keyof typeof FEEDBACK_KEYS>).filter((k) => input[k] !== undefined && input[k] !== null);
  const key = named[0];
  if (!key || named.length > 1) throw new AppError('BAD_REQUEST', FEEDBACK_MESSAGES.notFound);
  const words = FEEDBACK_KEYS[key];
  const id = input[key];
  if (typeof id !== 'string' || !UUID.test(id)) throw new AppError('NOT_FOUND', words.notFound);
  const [subject] =
    key === 'feedbackId'
      ? await db.select({ id: feedbacks.id, authorId: feedbacks.userId, feedbackId: feedbacks.id }).from(feedbacks).where(eq(feedbacks.id, id))
      : await db
          .select({ id: feedbackComments.id, authorId: feedbackComments.userId, feedbackId: feedbackComments.feedbackId })
          .from(feedbackComments)
          .where(eq(feedbackComments.id, id));
  if (!subject) throw new AppError('NOT_FOUND', words.notFound);
  const mayModerate = rule === 'feedback-author-or-admin' && isAdmin;
  if (subject.authorId !== userId && !mayModerate) throw new AppError('FORBIDDEN', rule === 'feedback-author' ? words.notAuthor : words.notAuthorOrAdmin);
  return { kind: key === 'feedbackId' ? 'feedback' : 'feedback-comment', ...subject };
}
