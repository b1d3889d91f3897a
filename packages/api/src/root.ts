import { blocksRouter } from './blocks/router.ts';
import { chatRouter } from './chat/router.ts';
import { communitiesRouter } from './communities/router.ts';
import { coursesRouter } from './courses/router.ts';
import { deletionRouter } from './deletion/router.ts';
import { calendarRouter } from './calendar/router.ts';
import { exportsRouter } from './exports/router.ts';
import { feedbackRouter } from './feedback/router.ts';
import { invitationsRouter } from './invitations/router.ts';
import { notificationsRouter } from './notifications/router.ts';
import { membershipRouter } from './membership/router.ts';
import { moderationRouter } from './moderation/router.ts';
import { partnersRouter } from './partners/router.ts';
import { levelsRouter } from './levels/router.ts';
import { paymentsRouter } from './payments/router.ts';
import { postsRouter } from './posts/router.ts';
import { profilesRouter } from './profiles/router.ts';
import { searchRouter } from './search/router.ts';
import { createCallerFactory, router } from './core/trpc.ts';

/** Every domain's router, and nothing else. */
export const appRouter = router({
  profiles: profilesRouter,
  communities: communitiesRouter,
  membership: membershipRouter,
  invitations: invitationsRouter,
  payments: paymentsRouter,
  posts: postsRouter,
  chat: chatRouter,
  courses: coursesRouter,
  calendar: calendarRouter,
  levels: levelsRouter,
  feedback: feedbackRouter,
  partners: partnersRouter,
  notifications: notificationsRouter,
  search: searchRouter,
  blocks: blocksRouter,
  deletion: deletionRouter,
  exports: exportsRouter,
  moderation: moderationRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
