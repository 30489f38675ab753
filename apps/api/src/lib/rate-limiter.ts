import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { HttpError } from './http-error.ts';

export type RateLimitResult = { limited: false } | { limited: true; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one hit for `key`; answers how many seconds to wait when over the limit. */
  hit(key: string): Promise<RateLimitResult>;
  /** Drops `key`'s hits so far: its owner proved who they are (a sign-in that worked). */
  forget(key: string): Promise<void>;
};

/**
 * Where the hit counts live: in this process's memory, or in Redis so that every
 * instance of the app counts the same hits.
 */
export type RateLimitStore = {
  /** Counts one hit in the fixed window of `key`: the hits so far and the ms until it ends. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Ends the window of `key`, if any. */
  remove(key: string): Promise<void>;
  close(): Promise<void>;
};

/** A fixed-window limiter: at most `max` hits per key per window. */
export function createRateLimiter(options: {
  store: RateLimitStore;
  /** Keeps this limiter's counts apart from the other limiters in the same store. */
  name: string;
  max: number;
  windowMs: number;
}): RateLimiter {
  const { store, name, max, windowMs } = options;
  // Keys hold what clients send (emails, addresses): hashed, they stay short and private.
  const storeKey = (key: string) =>
    `${name}:${createHash('sha256').update(key).digest('base64url')}`;
  return {
    async hit(key) {
      const { count, resetInMs } = await store.increment(storeKey(key), windowMs);
      if (count > max) {
        return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
      }
      return { limited: false };
    },
    forget: (key) => store.remove(storeKey(key)),
  };
}

/**
 * Counts a hit for `key`; over the limit, answers 429 with Retry-After and `message`
 * (what the person did too often, and that waiting helps).
 */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  reply: FastifyReply,
  message: string,
): Promise<void> {
  const limit = await limiter.hit(key);
  if (!limit.limited) return;
  reply.header('retry-after', String(limit.retryAfterSeconds));
  throw new HttpError(429, 'TOO_MANY_REQUESTS', message);
}

/** Counts kept in memory: one process only; with several instances each counts its own. */
export function createMemoryRateLimitStore(options: { now?: () => number } = {}): RateLimitStore {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetsAt: number }>();
  const SWEEP_EVERY_MS = 60_000;
  let lastSweep = now();
  return {
    async increment(key, windowMs) {
      const time = now();
      // Forget finished windows now and then, so memory stays bounded.
      if (time - lastSweep > SWEEP_EVERY_MS) {
        for (const [k, w] of windows) if (w.resetsAt <= time) windows.delete(k);
        lastSweep = time;
      }
      let window = windows.get(key);
      if (!window || window.resetsAt <= time) {
        window = { count: 0, resetsAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.resetsAt - time };
    },
    async remove(key) {
      windows.delete(key);
    },
    async close() {},
  };
}

// One round trip, atomic: the first hit of a window starts its expiry, later hits
// only count, so the window is fixed. A key without expiry (ttl -1) gets one too.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export type RateLimitLog = {
  error(details: object, message: string): void;
  info(message: string): void;
};

/**
 * Counts kept in Redis, shared by every instance. When Redis cannot be reached the
 * store fails open to per-process memory counts (logged once per outage): sign-in
 * keeps working and each instance still limits on its own, rather than every
 * sign-in failing because a cache is down.
 */
export function createRedisRateLimitStore(options: {
  url: string;
  keyPrefix: string;
  log: RateLimitLog;
  /** How long one Redis call may take before this hit is counted in memory instead. */
  commandTimeoutMs?: number;
}): RateLimitStore {
  const { log } = options;
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    // Fail at once while disconnected instead of queueing requests behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 500,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  const fallback = createMemoryRateLimitStore();
  let failing = false;
  // Without a listener ioredis prints every reconnect error; the fallback logs instead.
  redis.on('error', () => {});
  // The first requests after start wait for the first connection attempt to settle
  // (the offline queue is off, so they would otherwise fall back needlessly).
  const firstAttempt = new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', () => resolve());
    setTimeout(resolve, 2_000).unref();
  });

  return {
    async increment(key, windowMs) {
      await firstAttempt;
      try {
        const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, 1, `rl:${key}`, windowMs)) as [
          number,
          number,
        ];
        if (failing) {
          failing = false;
          log.info('rate limits: Redis is reachable again; counting across instances');
        }
        return { count, resetInMs: ttl };
      } catch (error) {
        if (!failing) {
          failing = true;
          log.error(
            { err: error },
            'rate limits: Redis is unreachable; counting per instance until it is back',
          );
        }
        return fallback.increment(key, windowMs);
      }
    },
    async remove(key) {
      await firstAttempt;
      // Both: hits counted in memory during an outage count too.
      await fallback.remove(key);
      try {
        await redis.del(`rl:${key}`);
      } catch {
        // Redis is down: increment() logs the outage; the count expires with its window.
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
