/**
 * The simulated members' `fetch` for tRPC's HTTP link: node:http over kept-alive connections to the
 * balancer, the answer read whole and parsed once.
 *
 * Why not Node's own `fetch` (undici): at 1,000 members it spent about a seventh of a core of the
 * machine the server shares (web streams, abort signals, a streaming decompressor per answer) to
 * make some 150 calls a second. In a browser that work is done on the member's own machine. The
 * server is asked exactly what a browser asks: the same method, headers and body, compressed
 * answers accepted (and inflated here), one kept-alive connection per call in flight.
 */
import http from 'node:http';
import zlib from 'node:zlib';

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** What tRPC's HTTP link reads of a response. */
interface LeanResponse {
  ok: boolean;
  status: number;
  headers: Headers;
  json(): Promise<unknown>;
}

function inflate(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding) {
    case 'br':
      return zlib.brotliDecompressSync(body);
    case 'gzip':
      return zlib.gunzipSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    default:
      return body;
  }
}

type LeanInit = { method?: string; headers?: Record<string, string>; body?: string | null; signal?: AbortSignal | null };

/** A `fetch` with the shape tRPC's HTTP link calls (`url`, `{ method, headers, body, signal }`). */
export function leanFetch(url: string | URL, init: LeanInit = {}): Promise<LeanResponse> {
  return send(url, init, true);
}

/** Calls sent again on a new connection since the last `takeResent()` (see `send`). */
let resent = 0;

export function takeResent(): number {
  const count = resent;
  resent = 0;
  return count;
}

/** Errors of a connection that closed as a call went out on it. */
const CLOSED_UNDER_US = new Set(['ECONNRESET', 'EPIPE']);

/** `fresh`: on a connection of its own, not one kept alive (a call sent again). */
function send(url: string | URL, init: LeanInit, mayResend: boolean, fresh = false): Promise<LeanResponse> {
  return new Promise((resolve, reject) => {
    const body = init.body ?? undefined;
    const headers: Record<string, string> = { 'accept-encoding': 'br, gzip, deflate', ...init.headers };
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    let answered = false;
    const request = http.request(url, { method: init.method ?? 'GET', headers, agent: fresh ? false : agent, signal: init.signal ?? undefined }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        try {
          const text = inflate(Buffer.concat(chunks), response.headers['content-encoding']).toString('utf8');
          const status = response.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, headers: new Headers(), json: async () => JSON.parse(text) as unknown });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the balancer closed as the call went out on it (nginx's old workers
      // close their idle connections when it reloads): the balancer never read the call. A browser
      // sends it again on a new connection (the other kept-alive ones may be closing too), and so
      // does this, once; any other failure is the call's.
      if (mayResend && !answered && request.reusedSocket && CLOSED_UNDER_US.has(error.code ?? '')) {
        resent += 1;
        resolve(send(url, init, false, true));
      } else reject(error);
    });
    request.end(body);
  });
}
