/**
 * GET /api/live: the signed-in user's event stream (Server-Sent Events, which pass
 * through ordinary proxies). Messages arrive as they are sent, on whichever instance;
 * a reconnecting client resumes after the last message it saw.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { livePath, liveQuerySchema } from '@laptops/shared/live';
import { uuidSchema } from '@laptops/shared/ids';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../auth/viewer.ts';
import { frame, messageEvent, type LiveStream, type LiveStreams } from './live-streams.ts';
import { missedMessages } from './live.service.ts';

/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2_000;

export const liveRoutes: FastifyPluginAsyncZod<{ db: Db; streams: LiveStreams }> = async (
  app,
  { db, streams },
) => {
  /** Writes what a resuming client missed; too much, or an id not theirs: reload. */
  async function replay(stream: LiveStream, userId: string, lastEventId: string) {
    const missed = await missedMessages(db, userId, lastEventId).catch(() => null);
    if (missed === 'too-many' || missed === null) {
      streams.write(stream, frame({ type: 'resync' }));
      return;
    }
    for (const row of missed) streams.write(stream, frame(messageEvent(row, userId), row.id));
  }

  app.get(
    livePath,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['conversations'],
        summary:
          'The signed-in user\'s live events (text/event-stream): "message", "read" and "resync"; send Last-Event-ID to resume',
        querystring: liveQuerySchema,
        response: { 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      // The browser's own header on reconnect; the query parameter for a first resume.
      const header = uuidSchema.safeParse(request.headers['last-event-id']);
      const lastEventId = header.success ? header.data : request.query.lastEventId;
      // The stream is written by hand from here: no compression, no buffering.
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // nginx and similar proxies would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      response.write(`retry: ${RETRY_MS}\n\n`);
      // Held before the replay is read, so nothing sent in between falls through.
      const stream = streams.open(viewer.id, response);
      if (lastEventId) void replay(stream, viewer.id, lastEventId);
    },
  );
};
