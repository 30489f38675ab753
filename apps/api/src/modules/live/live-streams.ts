/**
 * The event streams (Server-Sent Events) this instance holds, by user, and what is
 * written to them: each signal from the bus goes to the streams of the users it names.
 * A message is read from the database once per signal, and only when one of its users
 * has a stream here.
 */
import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@laptops/shared/live';
import { toMessage, type MessageRow } from '../conversations/conversations.service.ts';
import type { LiveBus, LiveSignal } from './live-bus.ts';

export type LiveMessageRow = MessageRow & { conversationId: string };

export type LiveStream = { userId: string; response: ServerResponse };

/** Streams one user may hold at once (tabs, devices); a new one past this ends the oldest. */
export const STREAMS_PER_USER = 8;
/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** One SSE frame. The id is a message's, so a reconnecting client resumes after it. */
export function frame(event: LiveEvent, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export function messageEvent(row: LiveMessageRow, userId: string): LiveEvent {
  return {
    type: 'message',
    conversationId: row.conversationId,
    message: toMessage(row, userId),
  };
}

export function createLiveStreams(options: {
  bus: LiveBus;
  loadMessage(id: string): Promise<LiveMessageRow | null>;
  log: { warn(details: object, message: string): void };
}) {
  const { bus, loadMessage, log } = options;
  const byUser = new Map<string, Set<LiveStream>>();

  function write(stream: LiveStream, text: string) {
    if (!stream.response.writableEnded) stream.response.write(text);
  }

  async function deliver(signal: LiveSignal) {
    const here = signal.userIds.filter((userId) => byUser.has(userId));
    if (here.length === 0) return;
    if (signal.kind === 'read') {
      for (const userId of here) {
        for (const stream of byUser.get(userId) ?? []) {
          write(stream, frame({ type: 'read', conversationId: signal.conversationId }));
        }
      }
      return;
    }
    const row = await loadMessage(signal.messageId);
    if (!row) return;
    for (const userId of here) {
      const text = frame(messageEvent(row, userId), row.id);
      for (const stream of byUser.get(userId) ?? []) write(stream, text);
    }
  }

  bus.listen({
    onSignal(signal) {
      deliver(signal).catch((error: unknown) => {
        log.warn({ err: error }, 'live: a signal could not be delivered');
      });
    },
    // Signals may have been lost: every client here reloads what it shows.
    onGap() {
      for (const streams of byUser.values()) {
        for (const stream of streams) write(stream, frame({ type: 'resync' }));
      }
    },
  });

  const heartbeat = setInterval(() => {
    for (const streams of byUser.values()) for (const stream of streams) write(stream, ': \n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /** Holds a stream for a user until it closes; past the limit the oldest is ended. */
    open(userId: string, response: ServerResponse): LiveStream {
      const stream = { userId, response };
      let streams = byUser.get(userId);
      if (!streams) {
        streams = new Set();
        byUser.set(userId, streams);
      }
      if (streams.size >= STREAMS_PER_USER) {
        const [oldest] = streams;
        if (oldest) oldest.response.end();
      }
      streams.add(stream);
      response.on('close', () => {
        const set = byUser.get(userId);
        set?.delete(stream);
        if (set?.size === 0) byUser.delete(userId);
      });
      return stream;
    },
    write,
    publish: (signal: LiveSignal) => bus.publish(signal),
    /** How many streams are open here (for the health of the bench and tests). */
    count: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),
    /** Ends every stream, so a shutdown does not wait for clients to hang up. */
    endAll() {
      clearInterval(heartbeat);
      for (const streams of byUser.values()) for (const stream of streams) stream.response.end();
      byUser.clear();
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;
