import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  hasPostgresServer,
  hasRedisServer,
  testPostgresUrl,
  testRedisUrl,
} from '../../test/services.ts';
import { createPostgresBus, createRedisBus, type LiveBus, type LiveSignal } from './live-bus.ts';

/**
 * Two buses on one server stand for two instances: what one publishes, both hear. Each
 * has its own connections, as separate processes would.
 */
const hasPostgres = await hasPostgresServer('The PostgreSQL live bus tests');
const hasRedis = await hasRedisServer('The Redis live bus tests');
const log = { warn: () => {} };

const opened: LiveBus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

/** A bus and what it heard, only signals of this test's own conversation. */
function listening(bus: LiveBus, conversationId: string) {
  opened.push(bus);
  const heard: LiveSignal[] = [];
  const gaps: number[] = [];
  bus.listen({
    onSignal: (signal) => {
      if (signal.conversationId === conversationId) heard.push(signal);
    },
    onGap: () => gaps.push(Date.now()),
  });
  return { bus, heard, gaps };
}

async function until(check: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const signal = (conversationId: string): Extract<LiveSignal, { kind: 'message' }> => ({
  kind: 'message',
  conversationId,
  messageId: randomUUID(),
  userIds: [randomUUID(), randomUUID()],
});

/** Publishes until the listeners are subscribed (LISTEN and SUBSCRIBE take a moment). */
async function publishUntilHeard(from: LiveBus, heardBy: { heard: LiveSignal[] }[], id: string) {
  await until(() => {
    if (heardBy.every(({ heard }) => heard.length > 0)) return true;
    void from.publish(signal(id));
    return false;
  }, 'the first signal');
}

describe.skipIf(!hasPostgres)('the PostgreSQL bus (LISTEN/NOTIFY)', () => {
  it('carries a signal published by one instance to every instance', async () => {
    const id = randomUUID();
    const a = listening(createPostgresBus({ url: testPostgresUrl, log }), id);
    const b = listening(createPostgresBus({ url: testPostgresUrl, log }), id);
    await publishUntilHeard(a.bus, [a, b], id);
    const sent = signal(id);
    await a.bus.publish(sent);
    // The first signals may still be arriving: look for this one, exactly once each.
    const times = (heard: LiveSignal[]) =>
      heard.filter((s) => s.kind === 'message' && s.messageId === sent.messageId);
    await until(() => times(a.heard).length > 0 && times(b.heard).length > 0, 'the signal');
    expect(times(b.heard)).toEqual([sent]);
    expect(times(a.heard)).toEqual([sent]);
  });

  it('listens again after its connection is cut, and reports the gap', async () => {
    const id = randomUUID();
    // A database of its own, so cutting its connections touches no other test.
    const name = `laptops_live_${id.replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: testPostgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(testPostgresUrl);
    url.pathname = `/${name}`;
    const a = listening(createPostgresBus({ url: url.toString(), log }), id);
    const b = listening(createPostgresBus({ url: url.toString(), log }), id);
    await publishUntilHeard(a.bus, [b], id);
    // Cut the connections, as a database restart would.
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = $1 and query = 'listen laptops_live'`,
      [name],
    );
    await until(() => b.gaps.length > 0, 'the gap to be reported');
    b.heard.length = 0;
    await publishUntilHeard(a.bus, [b], id);
    expect(b.heard.length).toBeGreaterThan(0);
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  });
});

describe.skipIf(!hasRedis)('the Redis bus (pub/sub)', () => {
  it('carries a signal published by one instance to every instance', async () => {
    const id = randomUUID();
    const keyPrefix = `laptops-live-test:${id}:`;
    const a = listening(createRedisBus({ url: testRedisUrl, keyPrefix, log }), id);
    const b = listening(createRedisBus({ url: testRedisUrl, keyPrefix, log }), id);
    await publishUntilHeard(a.bus, [a, b], id);
    const sent = signal(id);
    await a.bus.publish(sent);
    const times = (heard: LiveSignal[]) =>
      heard.filter((s) => s.kind === 'message' && s.messageId === sent.messageId);
    await until(() => times(b.heard).length > 0, 'the signal');
    expect(times(b.heard)).toEqual([sent]);
    // Another deployment's prefix is another channel.
    const other = listening(
      createRedisBus({ url: testRedisUrl, keyPrefix: 'someone-else:', log }),
      id,
    );
    const second = signal(id);
    await a.bus.publish(second);
    await until(
      () => b.heard.some((s) => s.kind === 'message' && s.messageId === second.messageId),
      'the second signal',
    );
    expect(other.heard).toEqual([]);
  });
});
