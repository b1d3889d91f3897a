import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { z, ZodError } from 'zod';
import { authorize, authorizeFeedback, type AccessRule, type FeedbackRule, type ScopedRule } from './access.ts';
import type { Context } from './context.ts';
// The session's user as lucia.ts declares it (closedAt), wherever this file is type-checked from.
import type {} from '../platform/auth/lucia.ts';
import { ADMIN_MESSAGE, AppError, SIGNED_IN_MESSAGE } from './errors.ts';
import { DELETION_MESSAGES } from '@app/shared/deletion';
import { countedSubscription, MAX_SUBSCRIPTIONS_PER_SOCKET, TOO_MANY_SUBSCRIPTIONS_MESSAGE } from './socket.ts';
import { addressSubject, personSubject } from '../platform/rate-limit/call-limits.ts';
import { RateLimitedError } from '../platform/rate-limit/limiter.ts';
import { liveTransformer } from '../platform/live/encoding.ts';
import type { RateLimitName } from '../platform/rate-limit/limits.ts';

const GENERIC_MESSAGE = 'An unexpected error occurred.';

/** Every procedure declares who may call it (through its builder); the README's table is made from it. */
export interface Meta {
  access?: AccessRule;
  /** The words a refusal uses when the rule's own do not fit the procedure. */
  refusal?: string;
  /** A mutation's own limit (rate-limit/limits.ts); without one it gets the default, counted per procedure. */
  rateLimit?: RateLimitName;
  /** Open to a signed-in person whose account is closed ('Delete my account'): seeing and restoring it. */
  whileClosed?: boolean;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // superjson, with what many live subscribers are sent serialized once (platform/live/encoding.ts).
    transformer: liveTransformer,
    // Stack traces never leave the server.
    isDev: false,
    errorFormatter({ shape, error }) {
      const zodError = error.cause instanceof ZodError ? error.cause : null;
      if (zodError) {
        return { ...shape, data: { ...shape.data, fieldErrors: z.flattenError(zodError).fieldErrors } };
      }
      // Over the limit: the seconds to wait travel with the error (HTTP also sends Retry-After).
      if (error.cause instanceof RateLimitedError) {
        const { code, message, status, retryAfterSeconds } = error.cause;
        return { ...shape, message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { ...shape.data, code, httpStatus: status, retryAfter: retryAfterSeconds } };
      }
      // A domain error that surfaced outside a procedure's middleware (a subscription ending).
      if (error.cause instanceof AppError) {
        const { code, message, status } = error.cause;
        return { ...shape, message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { ...shape.data, code, httpStatus: status } };
      }
      // An unexpected error is logged by the adapter's onError; the caller sees no internals.
      if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, message: GENERIC_MESSAGE };
      return shape;
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * The domain error becomes the tRPC error of the same code and words (for HTTP, WebSocket and
 * server-side callers alike); input validation errors carry the schema's own words, each once.
 */
const errors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof AppError) throw new TRPCError({ code: cause.code, message: cause.message, cause });
  if (cause instanceof ZodError) result.error.message = [...new Set(cause.issues.map((issue) => issue.message))].join(' ');
  return result;
});

/** Who a call from the network counts against: the signed-in person, and the address it came from. */
export function callerSubjects(ctx: Pick<Context, 'user' | 'clientAddress'>): string[] {
  return [...(ctx.user ? [personSubject(ctx.user.id)] : []), ...(ctx.clientAddress ? [addressSubject(ctx.clientAddress)] : [])];
}

/**
 * Every call from the network counts against its caller's budget before anything else: over HTTP
 * the request's calls were taken together when it came in (the server's createContext, so a
 * refused batch costs no session lookup); over a WebSocket each call is taken here. Then at most
 * a few calls of one person run at once on this process, so one person cannot hold the whole pool.
 */
const callLimited = t.middleware(async ({ ctx, next }) => {
  const limits = ctx.callLimits;
  if (!limits) return next();
  if (ctx.socket) await limits.spend(callerSubjects(ctx), 1);
  return ctx.user ? limits.inFlight(personSubject(ctx.user.id), () => next()) : next();
});

/**
 * Calls over a WebSocket share a context made when the socket opened, so each asks again whether
 * the session still stands (an ended one makes the call a visitor's, and ends the socket's
 * subscriptions), and a subscription counts against the socket's cap and the caller's (across
 * every process) while it runs. A query or mutation asks the database; a subscription's start
 * takes an answer of the last few seconds (`recent`: a page's tabs start their subscriptions
 * together, three or more each, and the socket's session was read as it opened), as its re-checks
 * do. A sign-out is announced and ends the socket's session at once either way (`sessionEnded`).
 */
const socketCalls = t.middleware(async ({ ctx, type, next }) => {
  const { socket } = ctx;
  if (!socket) return next();
  let call = ctx;
  if (ctx.session && (socket.sessionEnded || !(await ctx.isSessionActive(type === 'subscription' ? { recent: true } : undefined)))) {
    socket.endSession();
    call = { ...ctx, session: null, user: null };
  }
  if (type !== 'subscription') return next({ ctx: call });
  if (socket.subscriptions >= MAX_SUBSCRIPTIONS_PER_SOCKET) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_SUBSCRIPTIONS_MESSAGE);
  const end = socket.startSubscription(ctx.callLimits ? await ctx.callLimits.startSubscription(callerSubjects(ctx)) : undefined);
  let result;
  try {
    result = await next({ ctx: call });
  } catch (error) {
    end();
    throw error;
  }
  if (!result.ok || !isAsyncIterable<unknown>(result.data)) {
    end();
    return result;
  }
  return { ...result, data: countedSubscription(result.data, socket, end) };
});

/**
 * Every mutation counts against a limit before it runs: the one its meta names, or the default,
 * per procedure; by the signed-in person, or else by address. Over it: TOO_MANY_REQUESTS, nothing done.
 */
async function limitMutation(ctx: Context, meta: Meta | undefined, path: string): Promise<void> {
  const caller = ctx.user ? ctx.user.id : ctx.clientAddress ? `address:${ctx.clientAddress}` : null;
  if (caller) await (meta?.rateLimit ? ctx.rateLimiter.enforce(meta.rateLimit, caller) : ctx.rateLimiter.enforce('mutation', `${path}:${caller}`));
}

const rateLimited = t.middleware(async ({ ctx, meta, path, type, next }) => {
  if (type === 'mutation') await limitMutation(ctx, meta, path);
  return next();
});

function isAsyncIterable<T>(value: unknown): value is AsyncIterable<T> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** Every builder starts here. */
const baseProcedure = t.procedure.use(errors).use(callLimited).use(socketCalls);

/** Anyone, signed in or not. */
export const publicProcedure = baseProcedure.meta({ access: 'anyone' }).use(rateLimited);

/**
 * Signed in: `ctx.user` and `ctx.session` are set. A closed account (signed in again within
 * ACCOUNT_ERASE_DAYS) may call only what its meta opens `whileClosed`: seeing and restoring it.
 * Then a mutation's limit, as `rateLimited` (one step of the chain, not two: every signed-in call
 * passes here).
 */
export const protectedProcedure = baseProcedure.meta({ access: 'signed-in' }).use(async ({ ctx, meta, path, type, next }) => {
  if (!ctx.user || !ctx.session) throw new AppError('UNAUTHORIZED', SIGNED_IN_MESSAGE);
  if (ctx.user.closedAt && !meta?.whileClosed) throw new AppError('FORBIDDEN', DELETION_MESSAGES.closed);
  if (type === 'mutation') await limitMutation(ctx, meta, path);
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/** A platform admin (ADMIN_EMAILS): removes any feedback, records partner payouts. */
export const adminProcedure = protectedProcedure.meta({ access: 'admin' }).use(({ ctx, next }) => {
  if (!ctx.isAdmin) throw new AppError('FORBIDDEN', ADMIN_MESSAGE);
  return next();
});

/**
 * A procedure about one community, named by the input (directly or through a post, comment or
 * message): the community, the caller's membership, the thing named and the other person of a
 * chat are loaded in one query and put on `ctx`, and `rule` is checked before the procedure runs.
 */
function scopedProcedure(rule: ScopedRule) {
  return protectedProcedure.meta({ access: rule }).use(async ({ ctx, meta, getRawInput, next }) => {
    const scope = await authorize(ctx.db, await getRawInput(), ctx.user.id, rule, meta?.refusal);
    return next({ ctx: { ...ctx, ...scope } });
  });
}

/** An approved member of the community, or its owner. */
export const memberProcedure = scopedProcedure('member');
/** The owner of the community alone: roles of admins, payments and pricing, deleting it. */
export const ownerProcedure = scopedProcedure('owner');
/** An admin or the owner of the community: editing it, its categories, courses and events (not the platform's `adminProcedure`). */
export const communityAdminProcedure = scopedProcedure('community-admin');
/** A moderator, an admin or the owner: join requests, pins, removing members below them (see `mayModerate`). */
export const moderatorProcedure = scopedProcedure('moderator');
/** The author of the post, comment or message the input names, while a member. */
export const authorProcedure = scopedProcedure('author');
/** The author of the post or comment, or a moderator, admin or owner who outranks the author (moderation). */
export const authorOrModeratorProcedure = scopedProcedure('author-or-moderator');
/** A member, about another member (`input.userId`, or the other party of `input.messageId`): private chat. */
export const chatPairProcedure = scopedProcedure('chat-pair');
/** The community owner, or a member when the course (of the module or lesson) the input names is visible. */
export const courseViewerProcedure = scopedProcedure('course-viewer');

/**
 * A procedure about one feedback or feedback comment (`feedbackId` or `feedbackCommentId`): it is
 * loaded with its author and put on `ctx.feedbackSubject` once `rule` allows the caller.
 */
function feedbackProcedure(rule: FeedbackRule) {
  return protectedProcedure.meta({ access: rule }).use(async ({ ctx, getRawInput, next }) => {
    const feedbackSubject = await authorizeFeedback(ctx.db, await getRawInput(), ctx.user.id, ctx.isAdmin, rule);
    return next({ ctx: { ...ctx, feedbackSubject } });
  });
}

/** The author of the feedback the input names. */
export const feedbackAuthorProcedure = feedbackProcedure('feedback-author');
/** The author of the feedback or feedback comment the input names, or a platform admin (moderation). */
export const feedbackAuthorOrAdminProcedure = feedbackProcedure('feedback-author-or-admin');
