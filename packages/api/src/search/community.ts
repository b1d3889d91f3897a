import { excerpt, searchInput, searchWords } from '@app/shared/search';
import { resultRows } from '@app/db';
import { memberProcedure } from '../core/trpc.ts';
import { viewerLevel } from '../courses/gating.ts';
import { findComments, findCourses, findLessons, findMembers, findPosts } from './kinds.ts';
import { plainText, termsQuery, textQuery } from './query.ts';

/**
 * Searches one community for a member: posts (and their poll options), comments, members, courses
 * and lessons, each kind ranked, at most `perKind` each. Returns excerpts around the first matched
 * word and the `terms` the web highlights with; a query without a letter or digit finds nothing.
 */
export const community = memberProcedure.input(searchInput).query(async ({ ctx, input }) => {
  const words = searchWords(input.query);
  if (words.length === 0) return { terms: [], posts: [], comments: [], members: [], courses: [], lessons: [] };
  const isOwner = ctx.community.ownerId === ctx.user.id;
  const scope = { communityId: ctx.community.id, q: textQuery(words), limit: input.perKind };
  const [termRows, posts, comments, members, courses, lessons] = await Promise.all([
    ctx.db.execute(termsQuery(words)),
    findPosts(ctx.db, scope),
    findComments(ctx.db, scope),
    findMembers(ctx.db, scope),
    findCourses(ctx.db, scope, isOwner),
    viewerLevel(ctx.db, ctx.community, ctx.user.id).then((level) => findLessons(ctx.db, scope, isOwner, level)),
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
});
