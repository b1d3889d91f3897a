import { feedPage, messagePage, profileColumns } from '@app/api';
import { listMessagesInput } from '@app/shared/chat';
import { listPostsInput } from '@app/shared/posts';
import superjson from 'superjson';
import { profiles } from '@app/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { readSession } from '../plugins/session.ts';

/**
 * Baselines for `npm run bench`, registered only with BENCH_ROUTES=1: plain Fastify routes doing
 * the same work as a tRPC procedure, so the benchmark can print the cost of the tRPC layer.
 */
export async function benchRoutes(app: FastifyInstance) {
  app.get('/api/bench/me', async (req, reply) => {
    const { user } = await readSession(app, req.headers.cookie);
    if (!user) return reply.send(null);
    const [row] = await app.database.db
      .select(profileColumns)
      .from(profiles)
      .where(eq(profiles.id, user.id));
    return reply.send(row ?? null);
  });

  // The first page of a community's feed, as posts.list answers it (superjson, so Dates compare equal).
  app.get<{ Params: { communityId: string } }>('/api/bench/posts/:communityId', async (req, reply) => {
    const { user } = await readSession(app, req.headers.cookie);
    if (!user) return reply.code(401).send({ message: 'You must be signed in.' });
    const input = listPostsInput.parse({ communityId: req.params.communityId });
    return reply.send(superjson.serialize(await feedPage(app.database.db, user.id, input)));
  });

  // The newest page of a conversation, as chat.messages answers it (decrypted, superjson).
  app.get<{ Params: { communityId: string; userId: string } }>('/api/bench/chat/:communityId/:userId', async (req, reply) => {
    const { user } = await readSession(app, req.headers.cookie);
    if (!user) return reply.code(401).send({ message: 'You must be signed in.' });
    const input = listMessagesInput.parse({ communityId: req.params.communityId, userId: req.params.userId });
    return reply.send(superjson.serialize(await messagePage(app.database.db, app.chatKeys, user.id, input)));
  });
}
