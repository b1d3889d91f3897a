import { comments, reports } from '@app/db/schema';
import { MODERATION_MESSAGES, reportInput, type ReportKind } from '@app/shared/moderation';
import { POST_MESSAGES } from '@app/shared/posts';
import { eq } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { memberProcedure } from '../core/trpc.ts';
import { membershipOf } from '../membership/service.ts';
import { tellModerators } from './service.ts';

/**
 * A member reports a post, a comment (not one deleted) or a member of the community, with a
 * reason; never themselves or what they wrote. One open report per person and item: a second is
 * refused (CONFLICT) until the moderators have acted on the first. Moderators' open views hear of it.
 */
export const report = memberProcedure.input(reportInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const communityId = ctx.community.id;
    let kind: ReportKind;
    let itemId: string;
    let subjectId: string;
    if (ctx.subject) {
      kind = ctx.subject.kind === 'comment' ? 'comment' : 'post';
      itemId = ctx.subject.id;
      subjectId = ctx.subject.authorId;
      if (kind === 'comment') {
        const [comment] = await tx.select({ deletedAt: comments.deletedAt }).from(comments).where(eq(comments.id, itemId));
        if (!comment || comment.deletedAt) throw new AppError('NOT_FOUND', POST_MESSAGES.commentNotFound);
      }
    } else {
      kind = 'member';
      itemId = subjectId = input.userId!;
      const membership = await membershipOf(tx, communityId, subjectId);
      if (membership?.status !== 'approved' && subjectId !== ctx.community.ownerId) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.memberNotFound);
    }
    if (subjectId === ctx.user.id) throw new AppError('BAD_REQUEST', MODERATION_MESSAGES.self);
    const [made] = await tx
      .insert(reports)
      .values({
        communityId,
        reporterId: ctx.user.id,
        kind,
        itemId,
        postId: kind === 'post' ? itemId : null,
        commentId: kind === 'comment' ? itemId : null,
        subjectId,
        reason: input.reason,
        details: input.details || null,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!made) throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyReported);
    await tellModerators(tx, communityId);
    return { reportId: made.id };
  }),
);
