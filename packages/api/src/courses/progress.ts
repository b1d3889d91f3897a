import { lessonCompletions } from '@app/db/schema';
import { setLessonCompleteInput } from '@app/shared/courses';
import { and, eq } from 'drizzle-orm';
import { courseViewerProcedure } from '../core/trpc.ts';
import { lessonPlace, requireLevel } from './gating.ts';
import { courseCard } from './service.ts';

/**
 * A member marks a lesson done or not done (idempotent); answers the course's progress for the card
 * and the outline. A lesson of a module above the member's level cannot be marked.
 */
export const setComplete = courseViewerProcedure.input(setLessonCompleteInput).mutation(async ({ ctx, input }) => {
  const userId = ctx.user.id;
  const { courseId, requiredLevel } = await lessonPlace(ctx.db, input.lessonId);
  await requireLevel(ctx.db, ctx.community, userId, requiredLevel);
  if (input.completed) {
    await ctx.db.insert(lessonCompletions).values({ userId, lessonId: input.lessonId, courseId }).onConflictDoNothing();
  } else {
    await ctx.db.delete(lessonCompletions).where(and(eq(lessonCompletions.userId, userId), eq(lessonCompletions.lessonId, input.lessonId)));
  }
  const { completedCount, lessonCount } = await courseCard(ctx.db, courseId, userId);
  return { lessonId: input.lessonId, completed: input.completed, completedCount, lessonCount };
});
