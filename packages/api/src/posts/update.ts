import { posts } from '@app/db/schema';
import { updatePostInput } from '@app/shared/posts';
import { eq, sql } from 'drizzle-orm';
import { publish } from '../platform/live/publish.ts';
import { authorOrOwnerProcedure } from '../core/trpc.ts';
import { feedItem } from './service.ts';
import { feedTopic } from './events.ts';

/** Its author, or the community owner, edits a post. Its time comes from the database's clock, as its
 * creation time does, so any edit (even one a moment after posting) shows as one. */
export const update = authorOrOwnerProcedure.input(updatePostInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    await tx.update(posts).set({ content: input.content, feeling: input.feeling ?? null, updatedAt: sql`now()` }).where(eq(posts.id, input.postId));
    const item = await feedItem(tx, input.postId, ctx.user.id);
    await publish(tx, feedTopic(ctx.community.id), { type: 'post.updated', postId: item.id });
    return item;
  }),
);
