import { communitiesRouter } from './routers/communities/index.ts';
import { membershipRouter } from './routers/membership/index.ts';
import { profilesRouter } from './routers/profiles/index.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  profiles: profilesRouter,
  communities: communitiesRouter,
  membership: membershipRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
