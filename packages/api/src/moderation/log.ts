import { moderationLog, profiles } from '@app/db/schema';
import { MODERATION_LOG_PAGE_SIZE, moderationLogInput, type ModerationAction, type ReportKind } from '@app/shared/moderation';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { moderatorProcedure } from '../core/trpc.ts';
import { cursorTime, olderThan, pageOf } from '../platform/cursor.ts';

const actor = alias(profiles, 'log_actor');
const target = alias(profiles, 'log_target');
const person = (p: typeof actor | typeof target) => ({ id: p.id, username: p.username, fullName: p.fullName, avatarUrl: p.avatarUrl });

/** The moderation log, for moderators, admins and the owner: every action, newest first, paged; who, what, to whom, when and why. */
export const log = moderatorProcedure.input(moderationLogInput).query(async ({ ctx, input }) => {
  const l = moderationLog;
  const rows = await ctx.db
    .select({
      id: l.id,
      action: l.action,
      itemKind: l.itemKind,
      itemId: l.itemId,
      reason: l.reason,
      data: l.data,
      createdAt: l.createdAt,
      cursorAt: cursorTime(l.createdAt),
      actor: person(actor),
      target: person(target),
    })
    .from(l)
    .leftJoin(actor, eq(actor.id, l.actorId))
    .leftJoin(target, eq(target.id, l.targetId))
    .where(and(eq(l.communityId, ctx.community.id), input.cursor ? olderThan(l.createdAt, l.id, input.cursor) : undefined))
    .orderBy(desc(l.createdAt), desc(l.id))
    .limit(MODERATION_LOG_PAGE_SIZE + 1);
  const { items, nextCursor } = pageOf(rows, MODERATION_LOG_PAGE_SIZE);
  return {
    items: items.map((item) => ({
      ...item,
      action: item.action as ModerationAction,
      itemKind: item.itemKind as ReportKind | null,
      actor: item.actor?.id ? item.actor : null,
      target: item.target?.id ? item.target : null,
    })),
    nextCursor,
  };
});
