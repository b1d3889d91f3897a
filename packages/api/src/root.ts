import { chatRouter } from './routers/chat/index.ts';
import { communitiesRouter } from './routers/communities/index.ts';
import { membershipRouter } from './routers/membership/index.ts';
import { paymentsRouter } from './routers/payments.ts';
import { postsRouter } from './routers/posts/index.ts';
import { profilesRouter } from './routers/profiles/index.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  profiles: profilesRouter,
  communities: communitiesRouter,
  membership: membershipRouter,
  payments: paymentsRouter,
  posts: postsRouter,
  chat: chatRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
