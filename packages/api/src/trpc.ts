import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { z, ZodError } from 'zod';
import type { Context } from './context.ts';

const GENERIC_MESSAGE = 'An unexpected error occurred.';

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Stack traces never leave the server.
  isDev: false,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    if (zodError) {
      return { ...shape, data: { ...shape.data, fieldErrors: z.flattenError(zodError).fieldErrors } };
    }
    // An unexpected error is logged by the adapter's onError; the caller sees no internals.
    if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, message: GENERIC_MESSAGE };
    return shape;
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Input validation errors carry the schema's own words as their message, for every caller. */
const readableValidation = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ZodError) {
    result.error.message = result.error.cause.issues.map((issue) => issue.message).join(' ');
  }
  return result;
});

export const publicProcedure = t.procedure.use(readableValidation);

/** Signed in: `ctx.user` and `ctx.session` are set. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'You must be signed in.' });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});
