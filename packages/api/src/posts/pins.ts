import type { Queryable } from '@app/db';
import { postPins } from '@app/db/schema';
import { MAX_PINS, PIN_MESSAGES, pinPostInput } from '@app/shared/pins';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { moderatorProcedure } from '../core/trpc.ts';
import { logModeration } from '../moderation/service.ts';
import { publish } from '../platform/live/publish.ts';
import { feedTopic } from './events.ts';

/*
 * Pinned posts (issue 24): whoever moderates the feed (the owner; moderators join through
 * `mayModerate` in core/access.ts once roles exist) pins up to MAX_PINS posts, which lead the feed
 * of 'All' sorted by 'new' for everyone, in the order pinned; every member's open feed follows.
 */

/** One pinning at a time in a community, so two at once cannot make a fourth pin. */
const lockPins = (tx: Queryable, communityId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('post_pins'), hashtext(${communityId}))`);

/** Pins the post last of the pinned ones; pinning a pinned post changes nothing. */
const pin = moderatorProcedure.input(pinPostInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const communityId = ctx.community.id;
    await lockPins(tx, communityId);
    const [existing] = await tx.select({ pinnedAt: postPins.pinnedAt }).from(postPins).where(eq(postPins.postId, input.postId));
    if (existing) return { postId: input.postId, pinnedAt: existing.pinnedAt };
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(postPins).where(eq(postPins.communityId, communityId));
    if ((count?.n ?? 0) >= MAX_PINS) throw new AppError('CONFLICT', PIN_MESSAGES.tooMany);
    // clock_timestamp: two pins in one second-long transaction still keep their order.
    const [row] = await tx
      .insert(postPins)
      .values({ postId: input.postId, communityId, pinnedBy: ctx.user.id, pinnedAt: sql`clock_timestamp()` })
      .returning({ pinnedAt: postPins.pinnedAt });
    await publish(tx, feedTopic(communityId), { type: 'post.pinned', postId: input.postId, pinned: true });
    await logModeration(tx, { communityId, actorId: ctx.user.id, action: 'post.pinned', targetId: ctx.subject?.authorId, item: { kind: 'post', id: input.postId } });
    return { postId: input.postId, pinnedAt: row!.pinnedAt };
  }),
);

/** Unpins the post (it goes back to its place in the feed); unpinning one not pinned changes nothing. */
const unpin = moderatorProcedure.input(pinPostInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const removed = await tx.delete(postPins).where(eq(postPins.postId, input.postId)).returning({ postId: postPins.postId });
    if (removed.length > 0) {
      await publish(tx, feedTopic(ctx.community.id), { type: 'post.pinned', postId: input.postId, pinned: false });
      await logModeration(tx, { communityId: ctx.community.id, actorId: ctx.user.id, action: 'post.unpinned', targetId: ctx.subject?.authorId, item: { kind: 'post', id: input.postId } });
    }
    return { postId: input.postId, pinnedAt: null };
  }),
);

export const pinProcedures = { pin, unpin };
