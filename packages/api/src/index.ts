export { appRouter, createCaller, type AppRouter } from './root.ts';
export { profileColumns } from './routers/profiles/me.ts';
export type { Context } from './context.ts';
export type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
