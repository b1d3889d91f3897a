import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers of 1 KB and more (tRPC's JSON above all) go compressed to browsers that accept it; brotli at a
 * quality that costs little CPU. The built web app is compressed ahead of time (plugins/static.ts).
 */
/** Brotli at a quality that costs little CPU. */
const BROTLI_QUALITY = 4;

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } } });
});

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A page written for this request (a member's page, plugins/not-found.ts), compressed as the plugin
 * would: @fastify/compress hooks the routes it sees registered, and the not-found handler is none.
 */
export async function sendCompressedPage(req: FastifyRequest, reply: FastifyReply, html: string): Promise<FastifyReply> {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  reply.header('vary', `${String(reply.getHeader('vary') ?? '')}, Accept-Encoding`.replace(/^, /, '')).type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }));
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await gzipped(html));
  return reply.send(html);
}
