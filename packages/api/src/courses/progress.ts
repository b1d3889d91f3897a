import { lessonCompletions } from '@app/db/schema';
import { setLessonCompleteInput } from '@app/shared/courses';
import { and, eq } from 'drizzle-orm';
import { courseViewerProcedure } from '../trpc.ts';
import { courseCard, courseOfLesson } from './service.ts';

/** A member marks a lesson done or not done (idempotent); answers the course's progress for the card and the outline. */
export const setComplete = courseViewerProcedure.input(setLessonCompleteInput).mutation(async ({ ctx, input }) => {
  const userId = ctx.user.id;
  const courseId = await courseOfLesson(ctx.db, input.lessonId);
  if (input.completed) {
    await ctx.db.insert(lessonCompletions).values({ userId, lessonId: input.lessonId, courseId }).onConflictDoNothing();
  } else {
    await ctx.db.delete(lessonCompletions).where(and(eq(lessonCompletions.userId, userId), eq(lessonCompletions.lessonId, input.lessonId)));
  }
  const { completedCount, lessonCount } = await courseCard(ctx.db, courseId, userId);
  return { lessonId: input.lessonId, completed: input.completed, completedCount, lessonCount };
});
