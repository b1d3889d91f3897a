import { resultRows, type Queryable } from '@app/db';
import { excerpt, searchWords, type SearchInput } from '@app/shared/search';
import { viewerLevel, type GateCommunity } from '../courses/gating.ts';
import { findComments, findCourses, findLessons, findMembers, findPosts } from './kinds.ts';
import { plainText, termsQuery, textQuery } from './query.ts';

/**
 * One community searched for a member (the caller has checked they are one): each kind ranked, at
 * most `perKind` each, with excerpts around the first matched word and the `terms` the web
 * highlights with; a query without a letter or digit finds nothing. `search.community` answers
 * this, and so does the bench's bare Fastify route.
 */
export async function searchCommunity(
  db: Queryable,
  community: GateCommunity,
  userId: string,
  input: Pick<Required<SearchInput>, 'query' | 'perKind'>,
  /** The owner and admins, who see the private courses (`mayAdminister`). */
  administers: boolean,
) {
  const words = searchWords(input.query);
  if (words.length === 0) return { terms: [] as string[], posts: [], comments: [], members: [], courses: [], lessons: [] };
  const scope = { communityId: community.id, q: textQuery(words), limit: input.perKind };
  const [termRows, posts, comments, members, courses, lessons] = await Promise.all([
    db.execute(termsQuery(words)),
    findPosts(db, scope),
    findComments(db, scope),
    findMembers(db, scope),
    findCourses(db, scope, administers),
    viewerLevel(db, community, userId).then((level) => findLessons(db, scope, administers, level)),
  ]);
  const terms = resultRows<{ terms: string[] }>(termRows)[0]?.terms ?? words;
  const cut = (text: string) => excerpt(plainText(text), terms);
  return {
    terms,
    posts: posts.map(({ content, ...post }) => ({ ...post, excerpt: cut(content) })),
    comments: comments.map(({ content, ...comment }) => ({ ...comment, excerpt: cut(content) })),
    members,
    courses: courses.map(({ description, ...course }) => ({ ...course, excerpt: cut(description) })),
    lessons: lessons.map(({ content, ...lesson }) => ({ ...lesson, excerpt: content === null ? null : cut(content) })),
  };
}
