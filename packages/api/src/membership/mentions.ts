import type { Queryable } from '@app/db';
import { communityMembers, profiles } from '@app/db/schema';
import { MENTION_MESSAGES, MENTION_PATTERN_SQL, mentionableInput, mentionedIds, type MentionedPerson } from '@app/shared/mentions';
import { and, asc, eq, ilike, inArray, ne, or, sql, type Column, type SQL } from 'drizzle-orm';
import { blocks, refuseBlockedMentions } from '../blocks/service.ts';
import { AppError } from '../core/errors.ts';
import { memberProcedure } from '../core/trpc.ts';

/** How many people the picker offers at once. */
export const MENTIONABLE_MAX = 8;

/**
 * The people a text about to be saved mentions, each checked: only the community's approved
 * members may be mentioned, anyone else (a stranger, a pending applicant, someone removed, an id of
 * nobody) refuses the whole text (400), nothing saved; so does mentioning someone who blocks the
 * text's author (`authorId`: blocks.ts).
 */
export async function checkMentions(db: Queryable, communityId: string, text: string, authorId?: string): Promise<string[]> {
  const ids = mentionedIds(text);
  if (ids.length === 0) return [];
  const members = await db.$count(communityMembers, and(eq(communityMembers.communityId, communityId), eq(communityMembers.status, 'approved'), inArray(communityMembers.userId, ids)));
  if (members !== ids.length) throw new AppError('BAD_REQUEST', MENTION_MESSAGES.notMember);
  if (authorId) await refuseBlockedMentions(db, authorId, ids);
  return ids;
}

const isMember = (communityId: SQL | Column, person: SQL) =>
  sql<boolean>`exists (select 1 from ${communityMembers} mm where mm.community_id = ${communityId} and mm.user_id = ${person} and mm.status = 'approved')`;

/**
 * A column of the people a stored text mentions (MentionedPerson[], read now): lists return them
 * beside the text. An account gone is left out; someone no longer a member comes with `member` false.
 */
export function mentionsOf(text: SQL | Column, communityId: SQL | Column) {
  return sql<MentionedPerson[]>`coalesce((
    select json_agg(json_build_object('id', mp.id, 'username', mp.username, 'fullName', mp.full_name, 'member', ${isMember(communityId, sql`mp.id`)}))
    from ${profiles} mp where mp.id in (select lower(mt[1])::uuid from regexp_matches(${text}, ${MENTION_PATTERN_SQL}, 'g') as mt)), '[]'::json)`;
}

/** The same for texts read outside SQL (chat, decrypted): the people any of them mention. */
export async function mentionedPeople(db: Queryable, communityId: string, texts: string[]): Promise<MentionedPerson[]> {
  const ids = [...new Set(texts.flatMap(mentionedIds))];
  if (ids.length === 0) return [];
  return db
    .select({ id: profiles.id, username: profiles.username, fullName: profiles.fullName, member: isMember(sql`${communityId}::uuid`, sql`${profiles.id}`) })
    .from(profiles)
    .where(inArray(profiles.id, ids));
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The picker behind `@`: the community's approved members (but the caller, and those who block
 * the caller) whose username or name starts a word with the search, at most eight, for its members.
 */
export const mentionable = memberProcedure.input(mentionableInput).query(({ ctx, input }) => {
  const search = likeEscaped(input.search);
  return ctx.db
    .select({ id: profiles.id, username: profiles.username, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl })
    .from(communityMembers)
    .innerJoin(profiles, eq(profiles.id, communityMembers.userId))
    .where(
      and(
        eq(communityMembers.communityId, ctx.community.id),
        eq(communityMembers.status, 'approved'),
        ne(communityMembers.userId, ctx.user.id),
        sql`not ${blocks(communityMembers.userId, sql`${ctx.user.id}::uuid`)}`,
        search === '' ? undefined : or(ilike(profiles.username, `${search}%`), ilike(profiles.fullName, `${search}%`), ilike(profiles.fullName, `% ${search}%`)),
      ),
    )
    .orderBy(asc(profiles.username))
    .limit(MENTIONABLE_MAX);
});
