import { courses } from '@app/db/schema';
import { feedSubscriptionInput } from '@app/shared/posts';
import { eq } from 'drizzle-orm';
import { communitySubscription } from '../core/subscription.ts';
import { mayAdminister } from '../core/access.ts';
import { memberProcedure } from '../core/trpc.ts';
import { type CourseEvent, coursesTopic } from './events.ts';

/** What a page is told: a course changed (refetch it), or is gone for them (deleted, or made private). */
export type CourseChange = { type: CourseEvent['type'] | 'course.gone'; courseId: string };

/**
 * The community's courses as they change, for its members: the courses tab, the sidebar card and an
 * open course refetch what changed. The owner hears of every course; members only of visible ones,
 * and are told a course they could see is gone when it is deleted or made private: a course that was
 * private all along is never named to them. Events carry ids only.
 */
export const onChange = memberProcedure.input(feedSubscriptionInput).subscription(({ ctx, input, signal }) => {
  const isOwner = mayAdminister(ctx);
  const visible = (id: number, courseId: string) =>
    ctx.live.shared(`course:${id}`, async () => {
      const [row] = await ctx.db.select({ isPrivate: courses.isPrivate }).from(courses).where(eq(courses.id, courseId));
      return row ? !row.isPrivate : false;
    });
  return communitySubscription({
    ctx,
    topic: coursesTopic(ctx.community.id),
    lastEventId: input.lastEventId,
    signal,
    map: async (event, id): Promise<CourseChange | null> => {
      switch (event.type) {
        case 'course.created':
        case 'course.content':
          return isOwner || (await visible(id, event.courseId)) ? { type: event.type, courseId: event.courseId } : null;
        case 'course.updated':
        case 'course.deleted': {
          const stillVisible = event.type === 'course.updated' && (await visible(id, event.courseId));
          if (isOwner || stillVisible) return { type: event.type, courseId: event.courseId };
          return event.wasVisible ? { type: 'course.gone', courseId: event.courseId } : null;
        }
        default:
          return null;
      }
    },
  });
});
