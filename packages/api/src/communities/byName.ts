import { communities } from '@app/db/schema';
import { byNameInput } from '@app/shared/community';
import { sql } from 'drizzle-orm';
import { publicProcedure } from '../trpc.ts';
import { communityDetails } from './service.ts';

/** A community by its name, case-insensitively (names are unique that way), for anyone. */
export const byName = publicProcedure
  .input(byNameInput)
  .query(({ ctx, input }) => communityDetails(ctx.db, sql`lower(${communities.name}) = lower(${input.name})`));
