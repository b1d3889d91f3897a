import type { Queryable } from '@app/db';
import { communityMembers, profiles } from '@app/db/schema';
import { MEMBERS_CSV_COLUMNS } from '@app/shared/exports';
import { levelOf } from '@app/shared/levels';
import { and, desc, eq } from 'drizzle-orm';
import { pointsIn } from '../levels/service.ts';
import { csvRow } from '../platform/csv.ts';
import { cursorTime } from '../platform/cursor.ts';
import { newestFirst } from './contents.ts';

/**
 * A community's approved members as CSV lines (the header first), newest first, a page of rows at a
 * time: name, username, joined (UTC), level, points, role, and paid status ('paid' while a
 * subscription pays for the membership, else 'free'; the owner's is 'owner'). Names and usernames
 * come from people, so a cell a spreadsheet would run as a formula is written as text (platform/csv.ts).
 * The caller has checked that the community's owner asks.
 */
export async function* membersCsv(db: Queryable, communityId: string): AsyncGenerator<string> {
  yield csvRow(MEMBERS_CSV_COLUMNS);
  const pages = newestFirst(
    (after, limit) =>
      db
        .select({
          id: communityMembers.id,
          cursorAt: cursorTime(communityMembers.joinedAt),
          fullName: profiles.fullName,
          username: profiles.username,
          joinedAt: communityMembers.joinedAt,
          role: communityMembers.role,
          paid: communityMembers.checkoutId,
          points: pointsIn(communityMembers.communityId, communityMembers.userId),
        })
        .from(communityMembers)
        .innerJoin(profiles, eq(profiles.id, communityMembers.userId))
        .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.status, 'approved'), after))
        .orderBy(desc(communityMembers.joinedAt), desc(communityMembers.id))
        .limit(limit),
    communityMembers.joinedAt,
    communityMembers.id,
  );
  for await (const page of pages) {
    yield page
      .map((m) => csvRow([m.fullName?.trim() || m.username, m.username, m.joinedAt.toISOString(), levelOf(m.points), m.points, m.role, m.role === 'owner' ? 'owner' : m.paid ? 'paid' : 'free']))
      .join('');
  }
}
