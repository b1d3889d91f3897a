import { profilesRouter } from './routers/profiles.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  profiles: profilesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
