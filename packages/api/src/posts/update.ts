import { posts } from '@app/db/schema';
import { updatePostInput } from '@app/shared/posts';
import { eq, sql } from 'drizzle-orm';
import { publish } from '../platform/live/publish.ts';
import { authorOrModeratorProcedure } from '../core/trpc.ts';
import { feedItem } from './service.ts';
import { feedTopic } from './events.ts';
import { checkMentions } from '../membership/mentions.ts';
import { notifyOfPostMentions } from './notices.ts';
import { checkPostCategory } from './categories.ts';
import { setPoll } from './polls.ts';

/** Its author, or the community owner, edits a post. Its time comes from the database's clock, as its
 * creation time does, so any edit (even one a moment after posting) shows as one. A mention added
 * tells the person added (once per post, ever); the others were told already. Its poll keeps its
 * votes; a poll given with the edit is set as polls.ts `setPoll` allows. */
export const update = authorOrModeratorProcedure.input(updatePostInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const mentioned = await checkMentions(tx, ctx.community.id, input.content, ctx.subject!.authorId);
    await checkPostCategory(tx, ctx.community.id, input.categoryId);
    // An edit that names no category (undefined) keeps the post's; null takes it out of its category.
    const category = input.categoryId === undefined ? {} : { categoryId: input.categoryId };
    await tx.update(posts).set({ content: input.content, feeling: input.feeling ?? null, ...category, updatedAt: sql`now()` }).where(eq(posts.id, input.postId));
    if (input.poll) await setPoll(tx, input.postId, input.poll);
    const item = await feedItem(tx, input.postId, ctx.user.id);
    await publish(tx, feedTopic(ctx.community.id), { type: 'post.updated', postId: item.id });
    if (input.poll) await publish(tx, feedTopic(ctx.community.id), { type: 'poll.updated', postId: item.id });
    await notifyOfPostMentions(tx, { communityId: ctx.community.id, postId: item.id, actorId: ctx.user.id, mentioned });
    return item;
  }),
);
