import { reports } from '@app/db/schema';
import { COMMUNITY_MESSAGES } from '@app/shared/communities';
import { MODERATION_MESSAGES, reportActInput, type ModerationAction, type ReportAction, type ReportKind } from '@app/shared/moderation';
import { outranks, ROLE_MESSAGES, type CommunityRole } from '@app/shared/roles';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { moderatorProcedure } from '../core/trpc.ts';
import { ban, loadCommunity, membershipOf, removeMember } from '../membership/service.ts';
import { notify } from '../notifications/service.ts';
import { discardUpload } from '../platform/uploads/service.ts';
import { deleteComment, deletePost } from '../posts/removal.ts';
import { POST_ATTACHMENT_BUCKET } from '../posts/service.ts';
import { logModeration } from './service.ts';

/** What the log calls each action on a group of reports. */
function logged(action: ReportAction, kind: ReportKind): ModerationAction {
  switch (action) {
    case 'dismiss':
      return 'report.dismissed';
    case 'remove':
      return kind === 'comment' ? 'comment.removed' : 'post.removed';
    case 'removeMember':
      return 'member.removed';
    case 'ban':
      return 'member.banned';
  }
}

/**
 * A moderator, admin or the owner acts on every open report about one item, in one transaction:
 * dismisses them, removes the post or comment, removes its author (or the member reported) from
 * the community, or bans them (removed, and cannot join again). Only on an author the caller
 * outranks (the owner may also dismiss reports about themselves). The reports are resolved, each
 * reporter is told the outcome in the bell, the log records it, and every moderator's open queue
 * and count follow.
 */
export const act = moderatorProcedure.input(reportActInput).mutation(async ({ ctx, input }) => {
  const communityId = ctx.community.id;
  const result = await ctx.db.transaction(async (tx) => {
    // Decisions on one community run one at a time (as membership's do): two moderators acting on
    // the same group at once, the second finds it handled.
    await loadCommunity(tx, communityId, { lock: true });
    const open = await tx
      .select({ id: reports.id, reporterId: reports.reporterId, subjectId: reports.subjectId, reason: reports.reason })
      .from(reports)
      .where(and(eq(reports.communityId, communityId), eq(reports.kind, input.kind), eq(reports.itemId, input.itemId), eq(reports.status, 'open')))
      .for('update');
    const subjectId = open[0]?.subjectId;
    if (!subjectId) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.handled);
    const membership = await membershipOf(tx, communityId, subjectId);
    const subjectRole: CommunityRole = subjectId === ctx.community.ownerId ? 'owner' : membership?.status === 'approved' ? membership.role : 'member';
    const myRole = ctx.membership!.role;
    const ownerDismissing = input.action === 'dismiss' && myRole === 'owner';
    if (!outranks(myRole, subjectRole) && !ownerDismissing) {
      throw new AppError('FORBIDDEN', subjectRole === 'owner' && input.action !== 'dismiss' ? MODERATION_MESSAGES.ownerAlone : ROLE_MESSAGES.outranked);
    }

    await tx
      .update(reports)
      .set({ status: 'resolved', outcome: input.action, resolvedBy: ctx.user.id, resolvedAt: sql`now()` })
      .where(inArray(reports.id, open.map((r) => r.id)));
    // Told before the item goes: a notice names no post or comment, only what was done.
    await notify(
      tx,
      open.map((r) => ({
        recipientId: r.reporterId,
        kind: 'report.resolved' as const,
        actorId: null,
        communityId,
        groupKey: `report.resolved:${r.id}`,
        data: { outcome: input.action, item: input.kind },
      })),
    );

    let attachmentKey: string | null = null;
    if (input.action === 'remove') {
      if (input.kind === 'member') throw new AppError('BAD_REQUEST', MODERATION_MESSAGES.notRemovable);
      if (input.kind === 'post') attachmentKey = (await deletePost(tx, communityId, input.itemId)).attachmentKey;
      else await deleteComment(tx, communityId, input.itemId);
    } else if (input.action === 'removeMember') {
      // As the members list removes: they may ask again after the wait (membership's removeMember).
      if (!(await removeMember(tx, communityId, subjectId)).removed) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.noSuchMember);
    } else if (input.action === 'ban') {
      // A ban holds whether they are in or not; it ends the membership and what paid for it.
      await ban(tx, communityId, subjectId, ctx.user.id, { reason: input.note ?? null });
    }

    await logModeration(tx, {
      communityId,
      actorId: ctx.user.id,
      action: logged(input.action, input.kind),
      targetId: subjectId,
      item: { kind: input.kind, id: input.itemId },
      reason: input.note || null,
      data: { reports: open.length, reasons: [...new Set(open.map((r) => r.reason))].join(',') },
    });
    return { resolved: open.length, attachmentKey };
  });
  if (result.attachmentKey) await discardUpload(ctx.db, ctx.storage, POST_ATTACHMENT_BUCKET, result.attachmentKey);
  return { resolved: result.resolved };
});
