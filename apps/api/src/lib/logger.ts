import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { Writable } from 'node:stream';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type AppLogger = {
  logger: Logger;
  /**
   * Sends what is buffered on its way; resolves once no write is in flight (before
   * process.exit, which would cut one short: pino writes any rest synchronously then).
   */
  flush(): Promise<void>;
};

/** Request lines go out together, in writes of about this many bytes... */
const BATCH_BYTES = 4096;
/** ...or after this long on a quiet server. */
const BATCH_MS = 1000;
const FLUSH_WAIT_MS = 2000;
const WARN = 40;

export type LogFormat = 'pretty' | 'json';

/** LOG_FORMAT when set; else readable lines for a person at a terminal, JSON for the rest. */
export function logFormatFor(
  requested: LogFormat | undefined,
  stdoutIsTerminal: boolean | undefined,
) {
  return requested ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

/** Readable lines: time, level, message, and the fields that say what happened. */
export const prettyOptions = {
  ignore: 'pid,hostname',
  translateTime: 'SYS:HH:MM:ss.l',
  singleLine: true,
};

/**
 * The server's logger. JSON lines (for a file, a pipe or a log collector) are written
 * asynchronously and in batches, off the requests' path. Each asynchronous write wakes
 * a thread of libuv's pool; one a request (a line each) took a third of a minimal
 * Fastify server's time on two busy cores (CPU profile: 35%), one per ~4 KB of lines
 * 2.5%. A warning or an error is sent at once, and a quiet server's lines within a
 * second; at exit pino writes what is left synchronously, so only a process killed
 * outright (SIGKILL, out of memory) loses its last second of request lines. Readable
 * lines (pino-pretty) are formatted in a worker thread. `destination`: tests read lines
 * from their own stream.
 */
export function createLogger(options: {
  format: LogFormat;
  level: string;
  destination?: DestinationStream;
  /** The JSON lines' file descriptor: stdout, or a test's file. */
  fd?: number;
}): AppLogger {
  if (options.destination) {
    const target = options.destination;
    const destination =
      options.format === 'pretty'
        ? pretty({
            ...prettyOptions,
            colorize: false,
            sync: true,
            destination: new Writable({
              write(chunk: Buffer, _encoding, done) {
                target.write(chunk.toString());
                done();
              },
            }),
          })
        : target;
    return { logger: pino({ level: options.level }, destination), flush: async () => {} };
  }
  if (options.format === 'pretty') {
    const logger = pino({
      level: options.level,
      transport: { target: 'pino-pretty', options: prettyOptions },
    });
    return { logger, flush: () => new Promise((resolve) => logger.flush(() => resolve())) };
  }
  const stdout = pino.destination({
    dest: options.fd ?? 1,
    sync: false,
    minLength: BATCH_BYTES,
    periodicFlush: BATCH_MS,
  });
  const logger = pino(
    {
      level: options.level,
      hooks: {
        logMethod(args, method, level) {
          method.apply(this, args);
          if (level >= WARN) stdout.flush();
        },
      },
    },
    stdout,
  );
  return {
    logger,
    flush: () =>
      new Promise((resolve) => {
        // A stdout nobody reads any more (a closed pipe) never drains: exit anyway.
        setTimeout(resolve, FLUSH_WAIT_MS).unref();
        stdout.flush(() => resolve());
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
