import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import superjson from 'superjson';
import { z, ZodError } from 'zod';
import { authorize, type AccessRule, type ScopedRule } from './access.ts';
import type { Context } from './context.ts';
import { AppError, SIGNED_IN_MESSAGE } from './errors.ts';

const GENERIC_MESSAGE = 'An unexpected error occurred.';

/** Every procedure declares who may call it (through its builder); the README's table is made from it. */
export interface Meta {
  access?: AccessRule;
  /** The words a refusal uses when the rule's own do not fit the procedure. */
  refusal?: string;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    transformer: superjson,
    // Stack traces never leave the server.
    isDev: false,
    errorFormatter({ shape, error }) {
      const zodError = error.cause instanceof ZodError ? error.cause : null;
      if (zodError) {
        return { ...shape, data: { ...shape.data, fieldErrors: z.flattenError(zodError).fieldErrors } };
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
 * server-side callers alike); input validation errors carry the schema's own words.
 */
const errors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof AppError) throw new TRPCError({ code: cause.code, message: cause.message, cause });
  if (cause instanceof ZodError) result.error.message = cause.issues.map((issue) => issue.message).join(' ');
  return result;
});

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use(errors).meta({ access: 'anyone' });

/** Signed in: `ctx.user` and `ctx.session` are set. */
export const protectedProcedure = t.procedure
  .use(errors)
  .meta({ access: 'signed-in' })
  .use(({ ctx, next }) => {
    if (!ctx.user || !ctx.session) throw new AppError('UNAUTHORIZED', SIGNED_IN_MESSAGE);
    return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
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
/** The owner of the community. */
export const ownerProcedure = scopedProcedure('owner');
/** The author of the post, comment or message the input names, while a member. */
export const authorProcedure = scopedProcedure('author');
/** The author of the post or comment, or the community owner (moderation). */
export const authorOrOwnerProcedure = scopedProcedure('author-or-owner');
/** A member, about another member (`input.userId`, or the other party of `input.messageId`): private chat. */
export const chatPairProcedure = scopedProcedure('chat-pair');
