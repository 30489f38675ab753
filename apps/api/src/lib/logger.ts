import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

export type AppLogger = {
  logger: Logger;
  /** Resolves once every line logged so far has been written (before process.exit). */
  flushed(): Promise<void>;
};

const FLUSH_WAIT_MS = 2000;

/**
 * The server's logger. In production, JSON lines to stdout written asynchronously: a
 * write never holds up a request, and lines logged while one is on its way go out
 * together. pino writes what is left synchronously when the process exits; `flushed`
 * also waits for a write still on its way, which exiting could cut short. In
 * development, pretty lines (pino-pretty in a worker thread). `destination`: tests
 * read the lines from a stream of their own.
 */
export function createLogger(options: {
  env: 'development' | 'production' | 'test';
  level: string;
  destination?: DestinationStream;
}): AppLogger {
  if (options.destination) {
    return { logger: pino({ level: options.level }, options.destination), flushed: async () => {} };
  }
  if (options.env === 'development') {
    const logger = pino({
      level: options.level,
      transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
    });
    return { logger, flushed: () => new Promise((resolve) => logger.flush(() => resolve())) };
  }
  const stdout = pino.destination({ dest: 1, sync: false });
  return {
    logger: pino({ level: options.level }, stdout),
    flushed: () =>
      new Promise((resolve) => {
        // 'drain': nothing left to write. An empty write makes sure one comes, whether a
        // write is on its way (it follows that one) or not (at once). A stdout nobody
        // reads any more (a closed pipe) never drains: exit anyway.
        setTimeout(resolve, FLUSH_WAIT_MS).unref();
        stdout.once('drain', () => resolve());
        stdout.write('');
      }),
  };
}

/**
 * One line per request, once its response has gone out: method, URL, status, time in
 * ms and (from the request's logger) its id. Fastify's default is two lines, one as the
 * request comes in; with the request and response objects serialized into each, that
 * cost more than serving a cached list. A failed request's line carries the error.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  /** The request's own line says 404. */
  override routeNotFound() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
