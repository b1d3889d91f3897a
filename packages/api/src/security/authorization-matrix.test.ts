import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RULES } from '../core/access.ts';
import { procedureAccess } from '../access-table.ts';
import { invoke, type Outcome } from '../testing/security/invoke.ts';
import { routerProcedures } from '../testing/security/schema-walk.ts';
import { VALID_INPUTS } from '../testing/security/valid-inputs.ts';
import { addTestStaff, createTestPeople, createTestStaff, createTestWorld, restoreTestPeople, type TestPeople, type TestStaff, useTestDatabase } from '../testing/index.ts';

/**
 * Who may call what, procedure by procedure, against the eight standings a person can have towards a
 * private community (its roles among them). Each cell is called through the router with an input that is right in every
 * way but its caller (valid-inputs.ts), in a world of its own, so an `ok` is the procedure really
 * doing its work and a refusal is about who asked. A procedure without a row, or a row without a
 * procedure, fails the test: a new procedure states here who may call it.
 *
 * The rules themselves (and the README's table made from them) are tested in access.test.ts.
 */

const ok = 'allowed';
const UNAUTHORIZED = 'UNAUTHORIZED';
const FORBIDDEN = 'FORBIDDEN';
const NOT_FOUND = 'NOT_FOUND';
/** Not a refusal of the caller but of what they ask: already a member, already asked, and so on. */
const CONFLICT = 'CONFLICT';
const BAD_REQUEST = 'BAD_REQUEST';
type Expected = typeof ok | typeof UNAUTHORIZED | typeof FORBIDDEN | typeof NOT_FOUND | typeof CONFLICT | typeof BAD_REQUEST;

const CALLERS = ['anonymous', 'stranger', 'pending', 'member', 'removed', 'moderator', 'admin', 'owner'] as const;
type Caller = (typeof CALLERS)[number];
type Row = readonly [Expected, Expected, Expected, Expected, Expected, Expected, Expected, Expected];

/**
 * anonymous: signed out. stranger: signed in, no tie to the community. pending: asked to join, not
 * yet approved. member: approved, and the author of the world's post, comment and message (to
 * another member). removed: approved once, then banned by the owner (membership.ban). moderator and admin:
 * approved members the owner named so (membership.setRole), neither the author of anything.
 * owner: the owner. Moderators approve, decline, remove members and others' posts and comments, and
 * pin; admins also edit the community, its categories, courses and events, and name moderators;
 * the owner alone names admins and sets the price (communities.test.ts, roles.test.ts).
 * A chat procedure is about the member for everyone but the member, who talks to the other member.
 */
const MATRIX: Record<string, Row> = {
  //                                anonymous      stranger       pending        member         removed        moderator      admin          owner
  'profiles.me':                   [ok,            ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'profiles.byUsername':           [ok,            ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'profiles.update':               [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'profiles.notifications':        [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'profiles.updateNotifications':  [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'profiles.list':                 [ok,            ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'profiles.count':                [ok,            ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'profiles.hidePresence':         [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],

  'communities.list':              [ok,            ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'communities.count':             [ok,            ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'communities.ofProfile':         [ok,            ok,            ok,            ok,            ok,            ok,            ok,            ok],
  // The banned person is told they are banned (the community page shows it).
  'communities.byName':            [ok,            ok,            ok,            ok,            FORBIDDEN,     ok,            ok,            ok],
  'communities.create':            [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'communities.update':            [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'communities.mine':              [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  // 'Hand over': the owner alone gives the community to the other member.
  'communities.transferOwnership': [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok],
  'communities.delete':            [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok],

  'membership.status':             [ok,            ok,            ok,            ok,            ok,            ok,            ok,            ok],
  // A stranger's request waits for the owner; the removed person may not ask again.
  'membership.join':               [UNAUTHORIZED,  ok,            CONFLICT,      CONFLICT,      FORBIDDEN,     CONFLICT,      CONFLICT,      CONFLICT],
  'membership.members':            [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'membership.mentionable':        [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'membership.online':             [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'membership.approve':            [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok,            ok],
  'membership.decline':            [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok,            ok],
  'membership.remove':             [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok,            ok],
  // The input bans the other member; unban lifts the world's ban of the removed person, which the
  // owner placed: only the owner may (who lifts whose ban: bans.test.ts).
  'membership.ban':                [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok,            ok],
  'membership.unban':              [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok],
  'membership.bans':               [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok,            ok],
  // The applicant withdraws the request; who is not in has nothing to leave; the owner cannot leave.
  // The owner names admins and moderators, an admin moderators only: the input makes the other member a moderator.
  'membership.setRole':            [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'membership.leave':              [UNAUTHORIZED,  NOT_FOUND,     ok,            ok,            NOT_FOUND,     ok,            ok,            BAD_REQUEST],
  'membership.onChange':           [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],

  // Invites are the owner's and admins'; anyone holding a link may see where it leads, and anyone
  // signed in may accept it (an applicant is admitted, a member stays one) but whom the community banned.
  'invitations.list':              [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'invitations.create':            [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'invitations.revoke':            [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'invitations.email':             [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'invitations.byToken':           [ok,            ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'invitations.accept':            [UNAUTHORIZED,  ok,            ok,            ok,            FORBIDDEN,     ok,            ok,            ok],
  'invitations.onChange':          [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],

  // The world's community made paid: anyone not yet in may pay but the removed person.
  'payments.createCheckout':       [UNAUTHORIZED,  ok,            ok,            CONFLICT,      FORBIDDEN,     CONFLICT,      CONFLICT,      CONFLICT],

  'posts.list':                    [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'posts.byId':                    [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'posts.create':                  [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'posts.update':                  [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'posts.delete':                  [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'posts.like':                    [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'posts.comments':                [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'posts.addComment':              [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  // Only its author edits a comment; the owner may delete it, not put words in the author's mouth.
  'posts.updateComment':           [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN],
  'posts.deleteComment':           [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'posts.likeComment':             [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'posts.vote':                    [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'posts.closePoll':               [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'posts.onFeed':                  [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'posts.pin':                     [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok,            ok],
  'posts.unpin':                   [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok,            ok],
  'posts.categories':              [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'posts.createCategory':          [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'posts.updateCategory':          [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'posts.reorderCategories':       [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'posts.deleteCategory':          [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],

  'chat.conversations':            [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'chat.recent':                   [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'chat.unreadTotal':              [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'chat.messages':                 [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'chat.send':                     [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],

  // The world's course is visible to members; a private one is NOT_FOUND for them (courses.test.ts).
  'courses.list':                  [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'courses.byId':                  [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'courses.create':                [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'courses.update':                [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'courses.delete':                [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'courses.module':                [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'courses.saveModule':            [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'courses.renameModule':          [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'courses.renameLesson':          [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'courses.deleteModule':          [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'courses.reorderModules':        [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'courses.lesson':                [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'courses.addLesson':             [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'courses.updateLesson':          [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'courses.deleteLesson':          [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'courses.reorderLessons':        [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'courses.onChange':              [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'courses.setComplete':           [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],

  'calendar.list':                 [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'calendar.upcoming':             [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'calendar.byId':                 [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'calendar.create':               [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'calendar.update':               [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'calendar.delete':               [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok],
  'calendar.onChange':             [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],

  'levels.board':                  [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'levels.summary':                [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'levels.onLevelUp':              [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  // Only its sender changes a message: the owner does not moderate private chat.
  'chat.edit':                     [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN],
  'chat.delete':                   [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN],
  'chat.markRead':                 [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'chat.onConversation':           [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'chat.onInbox':                  [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],

  // Everyone signed in has a bell; muting is a member's choice about their community.
  'notifications.list':            [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'notifications.unreadCount':     [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'notifications.summary':         [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'notifications.markRead':        [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'notifications.markAllRead':     [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'notifications.muted':           [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'notifications.mute':            [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'notifications.onChange':        [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'notifications.pushKey':         [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'notifications.pushSubscribe':   [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'notifications.pushUnsubscribe': [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  // Any member reports (the member reports the other member, everyone else the member); the queue, its actions and the log are the moderators'.
  'moderation.report':             [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],
  'moderation.queue':              [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok,            ok],
  'moderation.openCount':          [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok,            ok],
  'moderation.act':                [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok,            ok],
  'moderation.log':                [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok,            ok],
  'moderation.onChange':           [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     ok,            ok,            ok],
  'search.community':              [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     ok,            ok,            ok],

  // Blocks are between two people, whatever their communities: anyone signed in blocks anyone.
  'blocks.block':                  [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'blocks.unblock':                [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'blocks.list':                   [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'blocks.onChange':               [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  // Everyone signed in exports their own data (an owner's members CSV is an HTTP route: routes/exports.test.ts).
  'exports.request':               [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'exports.latest':                [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'exports.onChange':              [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],

  // The wall is the platform's: every signed-in person reads and writes it; the member wrote the
  // feedback and comment in question, and only an author changes their own (admins: below).
  'feedback.list':                 [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'feedback.create':               [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'feedback.update':               [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN],
  'feedback.delete':               [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN],
  'feedback.comments':             [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'feedback.addComment':           [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'feedback.deleteComment':        [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN],
  'feedback.onWall':               [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],

  'partners.me':                   [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'partners.join':                 [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  // The member is the partner who referred the world's community; nobody else is a partner (valid-inputs.ts).
  'partners.dashboard':            [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN],
  'partners.ledger':               [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN],
  'partners.payouts':              [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN],
  'partners.onDashboard':          [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     ok,            FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN],
  // Platform admins only (ADMIN_EMAILS): none of these people is one, the partner included.
  'partners.balances':             [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN],
  'partners.recordPayout':         [UNAUTHORIZED,  FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN,     FORBIDDEN],

  // One's own account: anyone signed in closes it, but an owner of communities (CONFLICT until they
  // are handed over or deleted); restoring answers a closed account (valid-inputs.ts closes it first).
  'deletion.status':               [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
  'deletion.close':                [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            CONFLICT],
  'deletion.restore':              [UNAUTHORIZED,  ok,            ok,            ok,            ok,            ok,            ok,            ok],
};

/**
 * A platform admin (an e-mail in ADMIN_EMAILS) is a standing towards the platform, not the
 * community: here, the world's stranger with `ctx.isAdmin`. Every procedure whose rule speaks of
 * admins has its verdict for them here.
 */
const ADMIN_MATRIX: Record<string, Expected> = {
  // Admins remove feedback and comments; they do not put words in an author's mouth.
  'feedback.update': FORBIDDEN,
  'feedback.delete': ok,
  'feedback.deleteComment': ok,
  // Admins see every partner's balance and record payouts.
  'partners.balances': ok,
  'partners.recordPayout': ok,
};

const scene = useTestDatabase();
let people: TestPeople & TestStaff;
beforeAll(async () => {
  people = { ...(await createTestPeople(scene.database)), ...(await createTestStaff(scene.database)) };
}, 60_000);

/** A world of the test's people, with its moderator and admin named. */
// deletion.close closes the shared people's accounts, blocks.block blocks one of them: every row finds them as they were.
afterEach(() => restoreTestPeople(scene.database));

const createWorld = async () => addTestStaff(scene.database, await createTestWorld(scene.database, people), people);

const userOf = (caller: Caller): string | null =>
  caller === 'anonymous' ? null : people[caller === 'pending' ? 'applicant' : caller];

const procedures = routerProcedures();
const verdict = (outcome: Outcome) => (outcome.ok ? ok : outcome.code);

describe('authorization matrix', () => {
  it('has one row for every procedure of the router, and none for a procedure that is gone', () => {
    const paths = procedures.map((p) => p.path);
    expect(paths.filter((path) => !(path in MATRIX)), 'procedures without a row').toEqual([]);
    expect(Object.keys(MATRIX).filter((path) => !paths.includes(path)), 'rows without a procedure').toEqual([]);
    expect(paths.filter((path) => !(path in VALID_INPUTS)), 'procedures without a valid input (valid-inputs.ts)').toEqual([]);
    expect(Object.keys(VALID_INPUTS).filter((path) => !paths.includes(path)), 'valid inputs without a procedure').toEqual([]);
  });

  it('has an admin verdict for every procedure whose rule names platform admins', () => {
    const aboutAdmins = procedureAccess().filter((p) => p.access !== null && ACCESS_RULES[p.access].includes('platform admin')).map((p) => p.path);
    expect(aboutAdmins.filter((path) => !(path in ADMIN_MATRIX)), 'procedures without an admin verdict').toEqual([]);
  });

  for (const [path, expected] of Object.entries(ADMIN_MATRIX)) {
    it(`${path} as a platform admin: ${expected}`, async () => {
      const world = await createWorld();
      const input = await VALID_INPUTS[path]!({ database: scene.database, world, me: people.stranger });
      const outcome = await invoke(scene.database, people.stranger, path, input, { listenMs: 10, admin: true });
      expect(verdict(outcome), outcome.ok ? 'allowed' : outcome.message).toBe(expected);
    });
  }

  for (const { path, type } of procedures) {
    it(`${path} (${type})`, async () => {
      const row = MATRIX[path];
      const input = VALID_INPUTS[path];
      if (!row || !input) throw new Error(`${path} has no row in the matrix or no valid input: add them`);
      // A world of its own for every caller: what one cell changes (a deletion, a removal) cannot decide another.
      // The worlds and inputs are all made before any cell calls: the people are the same in every world,
      // and a cell closing its caller's account must not meet another world still being built around them.
      const worlds = await Promise.all(CALLERS.map(() => createWorld()));
      const inputs = await Promise.all(CALLERS.map((caller, i) => input({ database: scene.database, world: worlds[i]!, me: userOf(caller) })));
      const outcomes = await Promise.all(CALLERS.map((caller, i) => invoke(scene.database, userOf(caller), path, inputs[i], { listenMs: 10 })));
      const got = Object.fromEntries(CALLERS.map((caller, i) => [caller, verdict(outcomes[i]!)]));
      const said = outcomes.flatMap((outcome, i) => (outcome.ok ? [] : [`${CALLERS[i]}: ${outcome.message}`])).join('; ');
      expect(got, `refusals: ${said || 'none'}`).toEqual(Object.fromEntries(CALLERS.map((caller, i) => [caller, row[i]])));
    });
  }
});
