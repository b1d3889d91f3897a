import type { AnyProcedure, AnyRouter, inferRouterContext } from '@trpc/server';
import type { TRPCRequestInfo } from '@trpc/server/http';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { TRPCResponse } from '@trpc/server/rpc';
import { getErrorShape, getTRPCErrorFromUnknown, isAsyncIterable, isObject, isPromise, TRPCError } from '@trpc/server/unstable-core-do-not-import';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CreateFastifyContextOptions, FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';

/**
 * The signal these queries are called with. tRPC's handler gives each request one that aborts when
 * the client leaves; making it (an AbortController and a listener on the response) was a fifth of
 * this path's own time, and no query reads it: only subscriptions do, and they never come this way.
 * A query that one day needs to stop when its caller leaves is to be left to tRPC's handler.
 */
const NEVER_ABORTED = new AbortController().signal;

/** A query's answer, whole: what tRPC's own handler would answer for the same request. */
export interface QueryAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** tRPC's options for Fastify, with a context made from Fastify's request (the adapter's and these queries' alike). */
export type TrpcOptions<TRouter extends AnyRouter> = FastifyTRPCPluginOptions<TRouter>['trpcOptions'] & {
  createContext: (opts: CreateFastifyContextOptions) => Promise<inferRouterContext<TRouter>>;
};

type ResponseMetaHeaders = NonNullable<ReturnType<NonNullable<TrpcOptions<AnyRouter>['responseMeta']>>['headers']>;

/** One call of the request, as tRPC's request info describes it. */
type Call = TRPCRequestInfo['calls'][number] & { procedure: AnyProcedure };

/**
 * The plain GET queries of the web client's `httpBatchLink` (one call, or a batch of them), answered
 * by calling their procedures straight from Fastify's request: what tRPC's `resolveResponse` does
 * for them, in the same order and with tRPC's own pieces (the procedures with their middleware, the
 * error shapes and formatter, the transformer, `responseMeta`, `onError`), but without the WHATWG
 * Request, Headers, Response and the several AbortSignals it makes for every call. For the smallest
 * reads (`profiles.me`) those were a third of the server's time a call.
 *
 * Any other request is left to tRPC's handler (the answer is null): another method, a streamed or
 * otherwise named `trpc-accept`, a path or input it would refuse (unknown, not a query, malformed,
 * too many calls), connection parameters. `trpc-queries.test.ts` asks both for the same requests
 * and holds their answers equal, so a tRPC upgrade that answers differently fails there.
 */
export function directQueries<TRouter extends AnyRouter>(trpcOptions: TrpcOptions<TRouter>) {
  const { router, createContext, responseMeta, onError, maxBatchSize } = trpcOptions;
  const config = router._def._config;
  const procedures = router._def.procedures as Record<string, AnyProcedure | undefined>;
  type Context = inferRouterContext<TRouter>;

  /** The request's calls, or null when tRPC's own handler is to answer it. */
  function callsOf(req: FastifyRequest, encodedPath: string): { calls: Call[]; batch: boolean } | null {
    const { headers } = req;
    if (req.method !== 'GET' || headers['content-type'] !== undefined || headers['trpc-accept'] !== undefined || headers.accept?.includes('application/jsonl')) return null;
    const query = req.query as Record<string, unknown>;
    if (query.connectionParams !== undefined) return null;
    const batch = query.batch === '1';
    let paths: string[];
    try {
      // As tRPC's handler decodes the route's path.
      const path = decodeURIComponent(encodedPath);
      paths = batch ? path.split(',') : [path];
    } catch {
      return null;
    }
    if (batch && maxBatchSize !== undefined && paths.length > maxBatchSize) return null;
    const inputs = inputsOf(query.input, batch, paths.length);
    if (inputs === null) return null;
    const calls: Call[] = [];
    for (const [index, path] of paths.entries()) {
      const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
      if (procedure?._def.type !== 'query') return null;
      const input = inputs[index];
      let read = false;
      calls.push({
        batchIndex: index,
        path,
        procedure,
        getRawInput: () => {
          read = true;
          return Promise.resolve(input);
        },
        // The input as tRPC reports it with an error: once the procedure has read it.
        result: () => (read ? input : undefined),
      });
    }
    return { calls, batch };
  }

  /** Each call's input (by index), deserialized; null when tRPC's handler would refuse them. */
  function inputsOf(raw: unknown, batch: boolean, count: number): unknown[] | null {
    if (raw === undefined || raw === '') return [];
    if (typeof raw !== 'string') return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!batch) return [config.transformer.input.deserialize(parsed)];
      if (!isObject(parsed)) return null;
      return Array.from({ length: count }, (_, index) => (parsed[index] === undefined ? undefined : config.transformer.input.deserialize(parsed[index])));
    } catch {
      return null;
    }
  }

  /** Answers the request's queries, or null to leave it to tRPC's handler. */
  return async function answer(req: FastifyRequest, reply: FastifyReply, encodedPath: string): Promise<QueryAnswer | null> {
    const request = callsOf(req, encodedPath);
    if (!request) return null;
    const { calls, batch } = request;
    const info: TRPCRequestInfo = { isBatchCall: batch, accept: null, calls, type: 'query', connectionParams: null, signal: NEVER_ABORTED, url: null };

    let ctx: Context | undefined;
    let contextError: TRPCError | null = null;
    try {
      ctx = await createContext({ req, res: reply, info });
    } catch (cause) {
      contextError = getTRPCErrorFromUnknown(cause);
    }

    const run = async (call: Call): Promise<{ data: unknown } | { error: TRPCError }> => {
      try {
        if (contextError) throw contextError;
        const data: unknown = await call.procedure({ path: call.path, getRawInput: call.getRawInput, ctx, type: 'query', signal: NEVER_ABORTED, batchIndex: call.batchIndex });
        if (isDataStream(data)) throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink' });
        return { data };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        onError?.({ error, path: call.path, input: call.result(), ctx, type: 'query', req });
        return { error };
      }
    };
    // A lone call (most requests) is awaited as it is, without a Promise.all around it.
    const results = calls.length === 1 ? [await run(calls[0]!)] : await Promise.all(calls.map(run));

    const errors: TRPCError[] = [];
    const responses = results.map((result, index): TRPCResponse => {
      if ('data' in result) return { result: { data: result.data } };
      errors.push(result.error);
      const call = calls[index]!;
      return { error: getErrorShape({ config, ctx, error: result.error, input: call.result(), path: call.path, type: 'query' }) };
    });
    const headers: Record<string, string> = { vary: 'trpc-accept, accept', 'content-type': 'application/json' };
    // Every call answered: 200, as getHTTPStatusCode finds for answers without an error.
    let status = errors.length === 0 ? 200 : getHTTPStatusCode(responses);
    const meta = responseMeta?.({ ctx, info, paths: calls.map((call) => call.path), data: responses, errors, eagerGeneration: false, type: 'query' });
    addHeaders(headers, meta?.headers);
    if (meta?.status) status = meta.status;
    const sent = responses.map((response) => serialized(config.transformer.output.serialize, response));
    return { status, headers, body: JSON.stringify(batch ? sent : sent[0]) };
  };
}

/**
 * A response with its data or error serialized by the transformer: what tRPC's transformTRPCResponse
 * makes of these responses (they carry nothing else), without its copies of each item.
 */
function serialized(serialize: (value: unknown) => unknown, response: TRPCResponse): TRPCResponse {
  return 'error' in response ? { error: serialize(response.error) as typeof response.error } : { result: { data: serialize(response.result.data) } };
}

/** What tRPC answers only streamed: an async iterable, or an object holding promises or iterables. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  return Object.values(value).some((item) => isPromise(item) || isAsyncIterable(item));
}

/** `responseMeta`'s headers, as tRPC adds them to its answer (several values of one name joined, as Headers does). */
function addHeaders(headers: Record<string, string>, extra: ResponseMetaHeaders | undefined) {
  if (!extra) return;
  const append = (name: string, value: string) => {
    const key = name.toLowerCase();
    headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
  };
  if (extra instanceof Headers) {
    for (const [name, value] of extra) append(name, value);
    return;
  }
  for (const [name, value] of Object.entries(extra)) {
    if (Array.isArray(value)) for (const item of value) append(name, item);
    else if (typeof value === 'string') headers[name.toLowerCase()] = value;
  }
}
