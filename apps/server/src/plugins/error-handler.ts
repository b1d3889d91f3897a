import { AppError, RateLimitedError } from '@app/api/server';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The one error handler: a domain error answers with its own status and words; a failure, with none of its details. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof AppError) return reply.code(error.status).send({ message: error.message });
    if (error.validation) return reply.code(400).send({ message: error.message });
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ message: error.message });
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'An unexpected error occurred.' });
  });
});
