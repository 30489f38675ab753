import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  createRedisRateLimitStore,
  type RateLimitStore,
} from './rate-limiter.ts';
import { hasRedisServer, testRedisUrl } from '../test/services.ts';

const REDIS_URL = testRedisUrl;

const hasRedis = await hasRedisServer('The Redis rate-limit tests');

/** A log that keeps what it is told, to check what an operator would read. */
function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    error: (_details: object, message: string) => lines.push(`error: ${message}`),
    info: (message: string) => lines.push(`info: ${message}`),
  };
}

const stores: RateLimitStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});
function redisStore(url: string, keyPrefix: string, log = recordingLog()) {
  const store = createRedisRateLimitStore({ url, keyPrefix, log });
  stores.push(store);
  return store;
}

describe('in memory', () => {
  it('allows max hits per window and key, then asks to wait until the window ends', async () => {
    let time = 0;
    const store = createMemoryRateLimitStore({ now: () => time });
    const limiter = createRateLimiter({ store, name: 'test', max: 2, windowMs: 10_000 });
    expect((await limiter.hit('a')).limited).toBe(false);
    expect((await limiter.hit('a')).limited).toBe(false);
    time = 1_500;
    expect(await limiter.hit('a')).toEqual({ limited: true, retryAfterSeconds: 9 });
    expect((await limiter.hit('b')).limited).toBe(false);
    time = 10_000;
    expect((await limiter.hit('a')).limited).toBe(false);
  });

  it("forgets a key's hits when asked, and only that key's", async () => {
    const limiter = createRateLimiter({
      store: createMemoryRateLimitStore(),
      name: 'sign-in',
      max: 1,
      windowMs: 60_000,
    });
    await limiter.hit('a');
    await limiter.hit('b');
    await limiter.forget('a');
    expect((await limiter.hit('a')).limited).toBe(false);
    expect((await limiter.hit('b')).limited).toBe(true);
  });

  it('keeps the counts of two limiters in one store apart', async () => {
    const store = createMemoryRateLimitStore();
    const signIn = createRateLimiter({ store, name: 'sign-in', max: 1, windowMs: 60_000 });
    const contact = createRateLimiter({ store, name: 'contact', max: 1, windowMs: 60_000 });
    expect((await signIn.hit('1.2.3.4')).limited).toBe(false);
    expect((await contact.hit('1.2.3.4')).limited).toBe(false);
    expect((await signIn.hit('1.2.3.4')).limited).toBe(true);
  });
});

describe.skipIf(!hasRedis)('in Redis', () => {
  it('counts the hits of every instance together, in a fixed window', async () => {
    const prefix = `laptops-test:${randomUUID()}:`;
    // Two stores with their own connections stand for two app instances.
    const a = createRateLimiter({
      store: redisStore(REDIS_URL, prefix),
      name: 'sign-in',
      max: 3,
      windowMs: 1_000,
    });
    const b = createRateLimiter({
      store: redisStore(REDIS_URL, prefix),
      name: 'sign-in',
      max: 3,
      windowMs: 1_000,
    });
    expect((await a.hit('pat@example.test')).limited).toBe(false);
    expect((await b.hit('pat@example.test')).limited).toBe(false);
    expect((await a.hit('pat@example.test')).limited).toBe(false);
    expect(await b.hit('pat@example.test')).toEqual({ limited: true, retryAfterSeconds: 1 });
    expect((await a.hit('other@example.test')).limited).toBe(false);

    // Later hits do not extend the window: it ends a second after the first hit.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await a.hit('pat@example.test')).limited).toBe(false);
  });

  it('forgets a key for every instance', async () => {
    const prefix = `laptops-test:${randomUUID()}:`;
    const [a, b] = [redisStore(REDIS_URL, prefix), redisStore(REDIS_URL, prefix)].map((store) =>
      createRateLimiter({ store, name: 'sign-in', max: 1, windowMs: 60_000 }),
    );
    await a!.hit('pat@example.test');
    expect((await b!.hit('pat@example.test')).limited).toBe(true);
    await b!.forget('pat@example.test');
    expect((await a!.hit('pat@example.test')).limited).toBe(false);
  });

  it('counts 50 hits at once from two instances exactly', async () => {
    const prefix = `laptops-test:${randomUUID()}:`;
    const limiters = [redisStore(REDIS_URL, prefix), redisStore(REDIS_URL, prefix)].map((store) =>
      createRateLimiter({ store, name: 'burst', max: 10, windowMs: 60_000 }),
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => limiters[i % 2]!.hit('1.2.3.4')),
    );
    expect(results.filter((r) => !r.limited)).toHaveLength(10);
  });

  it('sets no key without an expiry, under the given prefix', async () => {
    const prefix = `laptops-test:${randomUUID()}:`;
    const limiter = createRateLimiter({
      store: redisStore(REDIS_URL, prefix),
      name: 'contact',
      max: 5,
      windowMs: 60_000,
    });
    await limiter.hit('1.2.3.4');
    const inspect = new Redis(REDIS_URL);
    try {
      const keys = await inspect.keys(`${prefix}*`);
      expect(keys).toHaveLength(1);
      const ttl = await inspect.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      inspect.disconnect();
    }
  });

  it('fails open to per-instance counts when Redis goes away, logs it once, and recovers', async () => {
    // A TCP relay in front of Redis that the test can cut, like a network failure.
    const sockets = new Set<net.Socket>();
    const target = new URL(REDIS_URL);
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const port = (relay.address() as net.AddressInfo).port;
    const cut = async () => {
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    };

    const log = recordingLog();
    const prefix = `laptops-test:${randomUUID()}:`;
    const limiter = createRateLimiter({
      store: redisStore(`redis://127.0.0.1:${port}`, prefix, log),
      name: 'sign-in',
      max: 2,
      windowMs: 60_000,
    });
    try {
      expect((await limiter.hit('pat')).limited).toBe(false);

      await cut();
      const started = Date.now();
      // Still answered, quickly, and still limited per instance.
      expect((await limiter.hit('pat')).limited).toBe(false);
      expect((await limiter.hit('pat')).limited).toBe(false);
      expect((await limiter.hit('pat')).limited).toBe(true);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(log.lines).toEqual([
        'error: rate limits: Redis is unreachable; counting per instance until it is back',
      ]);

      await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
      // Once reconnected, the shared count (1 hit before the cut) is used again.
      await expect
        .poll(async () => (await limiter.hit('pat')).limited, { timeout: 5_000, interval: 250 })
        .toBe(false);
      expect(log.lines.at(-1)).toBe(
        'info: rate limits: Redis is reachable again; counting across instances',
      );
    } finally {
      await cut();
    }
  });

  it('starts without Redis and still limits', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const log = recordingLog();
    const limiter = createRateLimiter({
      store: redisStore(`redis://127.0.0.1:${port}`, 'laptops-test:', log),
      name: 'sign-in',
      max: 1,
      windowMs: 60_000,
    });
    expect((await limiter.hit('pat')).limited).toBe(false);
    expect((await limiter.hit('pat')).limited).toBe(true);
    expect(log.lines).toHaveLength(1);
  });
});
