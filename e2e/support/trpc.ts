import type { Page } from 'playwright-core';

/** tRPC over plain HTTP with a page's cookies (`page.request` shares them), as its signed-in user. */

/** A tRPC error answered over HTTP, with its code ('FORBIDDEN', ...) and message. */
export class TrpcHttpError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Calls a tRPC procedure as the page's signed-in user: mutations by POST with a superjson body,
 * queries by GET. Returns the result's JSON (dates stay ISO strings); throws TrpcHttpError.
 */
export async function callTrpc<T = unknown>(page: Page, path: string, input: unknown, kind: 'mutation' | 'query' = 'mutation'): Promise<T> {
  const res =
    kind === 'mutation'
      ? await page.request.post(`/trpc/${path}`, { data: { json: input }, headers: { 'content-type': 'application/json' } })
      : await page.request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  const body = (await res.json()) as { result?: { data: { json: T } }; error?: { json: { message: string; data?: { code?: string } } } };
  if (body.error) throw new TrpcHttpError(body.error.json.data?.code ?? String(res.status()), body.error.json.message);
  return body.result!.data.json;
}
