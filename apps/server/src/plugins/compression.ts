import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers of 1 KB and more (tRPC's JSON above all) go compressed to browsers that accept it; brotli at a
 * quality that costs little CPU. The built web app is compressed ahead of time (plugins/static.ts).
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } });
});
