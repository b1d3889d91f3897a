import type { AnyRouter } from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { getWSConnectionHandler, type WSSHandlerOptions } from '@trpc/server/adapters/ws';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { directQueries, type TrpcOptions } from './trpc-queries.ts';

/**
 * tRPC on Fastify, as `fastifyTRPCPlugin` mounts it (`/trpc/:path` over HTTP, `/trpc` for WebSockets,
 * the same options), with one difference: an answer whose body is whole, which is every answer of the
 * web client's `httpBatchLink` (one JSON text), is sent as that text with its length, not streamed
 * through Fastify chunk by chunk. Streaming wrote the head, the body and the chunked encoding's end
 * apart (three writes for a few hundred bytes), and compressed every answer however small, since a
 * stream's size is not known; a text goes out in one write, and `@fastify/compress` leaves the small
 * ones alone. Streamed answers (`application/jsonl` batches, server-sent events) still stream.
 * The plain GET queries are answered without tRPC's fetch-style request and response at all
 * (trpc-queries.ts); everything else goes through tRPC's `resolveResponse`.
 */
export async function trpcAdapter<TRouter extends AnyRouter>(app: FastifyInstance, { base, trpcOptions }: TrpcAdapterOptions<TRouter>) {
  // tRPC reads the bodies itself (JSON as text, forms as the raw stream).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));

  const answerQueries = directQueries(trpcOptions);
  app.all<{ Params: { path: string } }>(`${base}/:path`, async (req, reply) => {
    const direct = await answerQueries(req, reply, req.params.path);
    if (direct) return reply.code(direct.status).headers(direct.headers).send(direct.body);
    const incoming = req.raw as typeof req.raw & { body?: unknown };
    if ('body' in req) incoming.body = req.body;
    const response = await resolveResponse({
      ...trpcOptions,
      req: incomingMessageToRequest(incoming, reply.raw, { maxBodySize: null }),
      path: req.params.path,
      error: null,
      createContext: (inner) => trpcOptions.createContext({ ...inner, req, res: reply }),
      onError: (error) => trpcOptions.onError?.({ ...error, req }),
    });
    return sendResponse(reply, response);
  });

  // The same options serve the sockets, as in tRPC's own plugin: the context is then made from the upgrade request and the socket.
  const onConnection = getWSConnectionHandler(trpcOptions as unknown as WSSHandlerOptions<TRouter>);
  app.get(base, { websocket: true }, (socket, req) => onConnection(socket, req.raw));
}

export interface TrpcAdapterOptions<TRouter extends AnyRouter> {
  /** Where the calls are answered (not `prefix`, which Fastify would add to the routes a second time). */
  base: string;
  trpcOptions: TrpcOptions<TRouter>;
}

/** A WHATWG Response through Fastify: whole bodies as one text, streams as streams. */
async function sendResponse(reply: FastifyReply, response: Response) {
  const streamed = response.headers.has('transfer-encoding') || response.headers.get('content-type')?.startsWith('text/event-stream');
  if (streamed || response.body === null) return reply.send(response);
  reply.code(response.status);
  // Headers yields each Set-Cookie apart, and Fastify appends them: the same copy Fastify makes of a Response's headers.
  for (const [name, value] of response.headers) reply.header(name, value);
  return reply.send(await response.text());
}
