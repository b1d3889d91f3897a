import { authorize, courseView, mayAdminister, feedPage, leaderboard, lessonView, messagePage, ownProfile, searchCommunity } from '@app/api/server';
import { searchInput } from '@app/shared/search';
import { boardInput } from '@app/shared/levels';
import { courseIdInput, lessonIdInput } from '@app/shared/courses';
import { listMessagesInput } from '@app/shared/chat';
import { listPostsInput } from '@app/shared/posts';
import type { FastifyInstance } from 'fastify';
import superjson from 'superjson';

/**
 * Not part of the product: baselines for `npm run bench` (scripts/bench/*.ts call these paths),
 * registered only with BENCH_ROUTES=1. Plain Fastify routes doing the same work as a tRPC procedure
 * (session, authorization, query, superjson), so the benchmark can print the cost of the tRPC layer.
 */
export async function benchBaselinesPlugin(app: FastifyInstance) {
  // The signed-in person's profile, as profiles.me answers it (superjson, as every baseline here).
  app.get('/api/bench/me', async (req, reply) => {
    const { user } = await req.auth();
    return reply.send(superjson.serialize(user ? await ownProfile(app.database.db, user.id) : null));
  });

  // The first page of a community's feed, as posts.list answers it.
  app.get<{ Params: { communityId: string } }>('/api/bench/posts/:communityId', async (req, reply) => {
    const { user } = await req.auth();
    if (!user) return reply.code(401).send({ message: 'You must be signed in.' });
    const input = listPostsInput.parse({ communityId: req.params.communityId });
    await authorize(app.database.db, input, user.id, 'member');
    return reply.send(superjson.serialize(await feedPage(app.database.db, user.id, input)));
  });

  // The newest page of a conversation, as chat.messages answers it (decrypted).
  app.get<{ Params: { communityId: string; userId: string } }>('/api/bench/chat/:communityId/:userId', async (req, reply) => {
    const { user } = await req.auth();
    if (!user) return reply.code(401).send({ message: 'You must be signed in.' });
    const input = listMessagesInput.parse({ communityId: req.params.communityId, userId: req.params.userId });
    await authorize(app.database.db, input, user.id, 'chat-pair');
    return reply.send(superjson.serialize(await messagePage(app.database.db, app.chatKeys, user.id, input)));
  });

  // The learning view's first load, as the batch of courses.byId and courses.lesson answers it.
  app.get<{ Params: { courseId: string; lessonId: string } }>('/api/bench/course/:courseId/:lessonId', async (req, reply) => {
    const { user } = await req.auth();
    if (!user) return reply.code(401).send({ message: 'You must be signed in.' });
    const courseInput = courseIdInput.parse({ courseId: req.params.courseId });
    const lessonInput = lessonIdInput.parse({ lessonId: req.params.lessonId });
    const [courseScope, lessonScope] = await Promise.all([
      authorize(app.database.db, courseInput, user.id, 'course-viewer'),
      authorize(app.database.db, lessonInput, user.id, 'course-viewer'),
    ]);
    const [course, lesson] = await Promise.all([
      courseView(app.database.db, courseInput.courseId, { userId: user.id, community: courseScope.community, administers: mayAdminister(courseScope) }),
      lessonView(app.database.db, lessonInput.lessonId, { userId: user.id, community: lessonScope.community, administers: mayAdminister(lessonScope) }),
    ]);
    return reply.send([superjson.serialize(course), superjson.serialize(lesson)]);
  });

  // A leaderboard, as levels.board answers it.
  app.get<{ Params: { communityId: string; period: string } }>('/api/bench/board/:communityId/:period', async (req, reply) => {
    const { user } = await req.auth();
    if (!user) return reply.code(401).send({ message: 'You must be signed in.' });
    const input = boardInput.parse({ communityId: req.params.communityId, period: req.params.period });
    const { community } = await authorize(app.database.db, input, user.id, 'member');
    return reply.send(superjson.serialize(await leaderboard(app.database.db, community, user.id, input.period)));
  });

  // A search inside a community, as search.community answers it.
  app.get<{ Params: { communityId: string }; Querystring: { q?: string } }>('/api/bench/search/:communityId', async (req, reply) => {
    const { user } = await req.auth();
    if (!user) return reply.code(401).send({ message: 'You must be signed in.' });
    const input = searchInput.parse({ communityId: req.params.communityId, query: req.query.q });
    const scope = await authorize(app.database.db, input, user.id, 'member');
    return reply.send(superjson.serialize(await searchCommunity(app.database.db, scope.community, user.id, input, mayAdminister(scope))));
  });
}
