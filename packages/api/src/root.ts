import { communitiesRouter } from './routers/communities.ts';
import { profilesRouter } from './routers/profiles/index.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  profiles: profilesRouter,
  communities: communitiesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
