import { communities } from '@app/db/schema';
import { byNameInput } from '@app/shared/communities';
import { and, sql } from 'drizzle-orm';
import { notForum } from '../partners/forum.ts';
import { publicProcedure } from '../core/trpc.ts';
import { communityDetails } from './service.ts';

/** A community by its name, case-insensitively (names are unique that way), for anyone. */
export const byName = publicProcedure
  .input(byNameInput)
  .query(({ ctx, input }) => communityDetails(ctx.db, and(sql`lower(${communities.name}) = lower(${input.name})`, notForum)!));
