/**
 * The bus that carries live signals between server instances: a message was sent in a
 * conversation, a thread was read. Every instance publishes what happened through it and
 * hears everyone's, then writes to the event streams it holds itself (live-streams.ts).
 *
 * - PostgreSQL server: LISTEN/NOTIFY on the database every instance already shares.
 * - Redis, when REDIS_URL is set: pub/sub, which keeps that traffic off the database.
 * - Embedded PGlite: one process owns the data directory, so the bus is that process.
 *
 * A signal names only ids; each instance reads the message itself, once, and only when
 * one of its streams is waiting for it. NOTIFY payloads stay far below PostgreSQL's 8 KB.
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import pg from 'pg';
import { z } from 'zod';

export const liveSignalSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    conversationId: z.string(),
    messageId: z.string(),
    /** Who gets it: the conversation's two people (their other tabs too). */
    userIds: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('read'),
    conversationId: z.string(),
    userIds: z.array(z.string()),
  }),
]);
export type LiveSignal = z.infer<typeof liveSignalSchema>;

export type LiveBus = {
  name: 'memory' | 'postgres' | 'redis';
  publish(signal: LiveSignal): Promise<void>;
  /**
   * `onSignal` hears every signal; `onGap` is told when signals may have been lost (the
   * bus's connection dropped and came back), so streams can tell their clients to resync.
   */
  listen(handlers: { onSignal(signal: LiveSignal): void; onGap(): void }): void;
  close(): Promise<void>;
};

type Log = { warn(details: object, message: string): void };

/** Parses what came over the wire; anything else is dropped with a warning. */
function decode(payload: string, log: Log): LiveSignal | null {
  try {
    return liveSignalSchema.parse(JSON.parse(payload));
  } catch {
    log.warn({ payload: payload.slice(0, 200) }, 'live: a signal that is not ours was dropped');
    return null;
  }
}

/** One process: signals go straight to its own listener. */
export function createMemoryBus(): LiveBus {
  const emitter = new EventEmitter();
  return {
    name: 'memory',
    async publish(signal) {
      emitter.emit('signal', signal);
    },
    listen({ onSignal }) {
      emitter.on('signal', onSignal);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'laptops_live';
const RECONNECT_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries);
 * NOTIFY through a short-lived pool, so a message is published even while the listening
 * connection is being re-established.
 */
export function createPostgresBus(options: { url: string; log: Log }): LiveBus {
  const { url, log } = options;
  const publisher = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 5_000 });
  publisher.on('error', () => {});
  let listener: pg.Client | null = null;
  let closed = false;
  let handlers: Parameters<LiveBus['listen']>[0] | null = null;

  async function connect(isReconnect: boolean) {
    if (closed || !handlers) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (note) => {
      const signal = note.payload ? decode(note.payload, log) : null;
      if (signal) handlers?.onSignal(signal);
    });
    client.on('error', () => reconnect(client));
    client.on('end', () => reconnect(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      listener = client;
      if (isReconnect) handlers.onGap();
    } catch (error) {
      log.warn({ err: error }, 'live: cannot listen on PostgreSQL; trying again');
      reconnect(client);
    }
  }

  function reconnect(client: pg.Client) {
    if (listener === client) listener = null;
    client.removeAllListeners('end');
    client.removeAllListeners('error');
    client.on('error', () => {});
    client.end().catch(() => {});
    if (!closed) setTimeout(() => void connect(true), RECONNECT_MS).unref();
  }

  return {
    name: 'postgres',
    async publish(signal) {
      await publisher.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(signal)]);
    },
    listen(given) {
      handlers = given;
      void connect(false);
    },
    async close() {
      closed = true;
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
      await publisher.end();
    },
  };
}

/** Redis pub/sub: a subscribing connection can run nothing else, so there are two. */
export function createRedisBus(options: { url: string; keyPrefix: string; log: Log }): LiveBus {
  const { log } = options;
  const channel = `${options.keyPrefix}live`;
  const connection = { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: false };
  const publisher = new Redis(options.url, connection);
  const subscriber = new Redis(options.url, connection);
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  return {
    name: 'redis',
    async publish(signal) {
      await publisher.publish(channel, JSON.stringify(signal));
    },
    listen({ onSignal, onGap }) {
      let subscribedOnce = false;
      subscriber.on('message', (_channel: string, payload: string) => {
        const signal = decode(payload, log);
        if (signal) onSignal(signal);
      });
      // ioredis subscribes again after a reconnect; what was published meanwhile is lost.
      subscriber.on('ready', () => {
        if (subscribedOnce) onGap();
        subscribedOnce = true;
      });
      subscriber.subscribe(channel).catch((error: unknown) => {
        log.warn({ err: error }, 'live: cannot subscribe on Redis; ioredis keeps trying');
      });
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
