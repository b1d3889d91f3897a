import type { Queryable } from '@app/db';
import { posts, profiles } from '@app/db/schema';
import { listPostsInput } from '@app/shared/posts';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { cursorTime, olderThan, pageOf } from '../../lib/cursor.ts';
import { requireMember } from '../../membership/access.ts';
import { protectedProcedure } from '../../trpc.ts';
import { postColumns } from './columns.ts';

/** A page of a community's feed, newest first, for a member (the bench's bare-Fastify route calls it too). */
export async function feedPage(db: Queryable, viewerId: string, input: z.output<typeof listPostsInput>) {
  await requireMember(db, input.communityId, viewerId);
  const rows = await db
    .select({ ...postColumns(viewerId), cursorAt: cursorTime(posts.createdAt) })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.userId))
    .where(and(eq(posts.communityId, input.communityId), input.cursor ? olderThan(posts.createdAt, posts.id, input.cursor) : undefined))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(input.limit + 1);
  return pageOf(rows, input.limit);
}

export const list = protectedProcedure.input(listPostsInput).query(({ ctx, input }) => feedPage(ctx.db, ctx.user.id, input));
