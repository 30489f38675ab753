import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@laptops/shared/errors';
import { HttpError } from '../lib/http-error.ts';

function body(code: string, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

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
