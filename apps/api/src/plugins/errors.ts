import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@laptops/shared/errors';
import { hasDatabaseCode, isDatabaseUnavailable } from '../lib/database-errors.ts';
import { HttpError } from '../lib/http-error.ts';

function body(code: string, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/**
 * PostgreSQL's "this text cannot be stored" errors (a NUL character, an encoding it
 * cannot take). Only a client's text can cause them, so they are bad input, not a
 * crash: contracts refuse such text first; this catches any the contracts miss.
 */
const textRefusedByDatabase = new Set(['22021', '22P05']);

/**
 * PostgreSQL ended the transaction to let another, at the same rows, go on (a deadlock,
 * a serialization failure). The request did nothing wrong and may simply be sent again.
 */
const busyDatabase = new Set(['40P01', '40001']);

/**
 * Errors the router raises before any route runs (a malformed URL, a path
 * parameter that is far too long): the same JSON body as every other refusal.
 */
export function handleFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.status(error.statusCode ?? 400).send(body(error.code, error.message));
}

/**
 * The one error handler: every refusal is a 4xx with the JSON error body, and
 * anything unexpected is logged and answered with a 500 that leaks nothing.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.status(400).send(body('VALIDATION_ERROR', first, fields));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields));
    }
    if (hasDatabaseCode(error, textRefusedByDatabase)) {
      return reply
        .status(400)
        .send(body('INVALID_TEXT', 'The request contains a character that is not allowed.'));
    }
    if (hasDatabaseCode(error, busyDatabase)) {
      request.log.warn({ err: error }, 'transaction given up for another (deadlock)');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(
          body(
            'TRY_AGAIN',
            'Someone else was changing the same thing at that moment. Please try again.',
          ),
        );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(
          body(
            'DATABASE_UNAVAILABLE',
            'The marketplace cannot reach its database right now. Please try again shortly.',
          ),
        );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, wrong content type, body too large...
      return reply.status(status).send(body(error.code ?? 'BAD_REQUEST', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(status >= 500 && status < 600 ? status : 500)
      .send(body('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
  });
});
