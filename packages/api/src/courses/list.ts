import { listCoursesInput } from '@app/shared/courses';
import { mayAdminister } from '../core/access.ts';
import { memberProcedure } from '../core/trpc.ts';
import { courseCards } from './service.ts';
import { courseStats } from './stats.ts';

/**
 * The courses tab and the sidebar card: newest first; the owner and admins see every course with how its
 * members are getting on (`stats`), members the visible ones (`stats` null).
 */
export const list = memberProcedure.input(listCoursesInput).query(async ({ ctx }) => {
  const { id: communityId, ownerId } = ctx.community;
  const administers = mayAdminister(ctx);
  const [cards, stats] = await Promise.all([
    courseCards(ctx.db, communityId, ctx.user.id, administers),
    administers ? courseStats(ctx.db, communityId, ownerId) : null,
  ]);
  return cards.map((card) => ({ ...card, stats: stats ? stats(card.id) : null }));
});
