/**
 * The messaging benchmark's clients: signed-in users (their session cookies, kept in the
 * bench database between runs while the sessions last), their event streams (GET
 * /api/live, read with the tests' own client), the delivery of messages from a POST to
 * the other person's stream, and the server's memory as streams open.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { openEventStream, type EventStreamClient } from '@laptops/api/test/event-stream';
import { freePort, startServer, stop } from './bench-servers.ts';
import { root } from './bench-settings.ts';
import { readAfterFullGc } from './load/memory.ts';
import { PASSWORD } from './messaging-seed.ts';

export type Server = {
  base: string;
  child: ChildProcess;
  pid: number;
  dataDir: string;
  /** Where the preloaded memory probe writes the V8 heap (bench/load/memory-probe.mjs). */
  probeFile: string;
  startedAt: number;
};

/**
 * The real server as the other benches start it, on the bench database, with the
 * memory probe preloaded and the limits a thousand users from one address would meet
 * raised: sign-ins per IP and account, messages per sender.
 */
export async function startMessagingServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-bench-messaging-'));
  const probeFile = path.join(dataDir, 'memory.json');
  const child = await startServer(port, {
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000',
    MESSAGE_RATE_LIMIT_PER_SENDER: '1000000',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc --import ${path.join(root, 'bench/load/memory-probe.mjs')}`,
    LOAD_MEMORY_FILE: probeFile,
    ...env,
  });
  if (!child.pid) throw new Error('the server has no pid');
  return { base: `http://127.0.0.1:${port}`, child, pid: child.pid, dataDir, probeFile, startedAt: Date.now() };
}

export async function stopMessagingServer(server: Server) {
  await stop(server.child);
  await fs.rm(server.dataDir, { recursive: true, force: true });
}

/** Runs `task` on every item, `concurrency` at a time, in order of the items. */
export async function inParallel<T, R>(items: T[], concurrency: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/**
 * Session cookies by email: those kept from an earlier run whose session lasts another
 * hour, the others signed in through POST /api/auth/sign-in/email (a password hash to
 * check each: about 0.1 s of CPU).
 */
export async function signIn(base: string, databaseUrl: string, emails: string[]) {
  // A pool: the sign-ins below run side by side, each keeping its cookie as it comes.
  const client = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  try {
    await client.query(
      'create table if not exists bench_cookies (email text primary key, token text not null, cookie text not null)',
    );
    const kept = await client.query<{ email: string; cookie: string }>(
      `select b.email, b.cookie from bench_cookies b join sessions s on s.token = b.token
       where s.expires_at > now() + interval '1 hour' and b.email = any($1)`,
      [emails],
    );
    const cookies = new Map(kept.rows.map((row) => [row.email, row.cookie]));
    const missing = emails.filter((email) => !cookies.has(email));
    await inParallel(missing, 6, async (email) => {
      const response = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      if (response.status !== 200) {
        throw new Error(`sign-in of ${email} answered ${response.status}: ${await response.text()}`);
      }
      await response.arrayBuffer();
      const cookie = response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0] ?? '')
        .join('; ');
      const token = /session_token=([^;]+)/.exec(cookie)?.[1];
      if (!token) throw new Error(`sign-in of ${email} set no session cookie`);
      cookies.set(email, cookie);
      await client.query(
        `insert into bench_cookies (email, token, cookie) values ($1, $2, $3)
         on conflict (email) do update set token = excluded.token, cookie = excluded.cookie`,
        [email, decodeURIComponent(token).split('.')[0], cookie],
      );
    });
    return { cookies, signedIn: missing.length, kept: emails.length - missing.length };
  } finally {
    await client.end();
  }
}

/** One stream per cookie given (a cookie twice: two streams), 50 opening at a time. */
export async function openStreams(base: string, cookies: string[]) {
  return inParallel(cookies, 50, async (cookie) => {
    const stream = await openEventStream(base, cookie);
    if (stream.status !== 200) throw new Error(`GET /api/live answered ${stream.status}`);
    return stream;
  });
}

export function closeStreams(streams: EventStreamClient[]) {
  for (const stream of streams) stream.close();
}

export type Delivery = {
  scenario: string;
  streams: number;
  messages: number;
  perSecond: number;
  /** From just before the POST to the event's arrival on the other person's stream. */
  deliveryMs: number[];
  /** The POST's own answer time, for comparison. */
  postMs: number[];
  /** How long after the POST's answer each event arrived (below 0: before it). */
  afterAnswerMs: number[];
  /** Messages whose event did not arrive within 10 s, and POSTs not answered 201. */
  lost: number;
  failed: number;
  loadAverage: { before: number; after: number };
  seconds: number;
  /**
   * Each process's main thread (the event loop) over the run: seconds on a CPU, and
   * seconds it was ready to run but waited for a CPU that other processes held.
   */
  threads: { name: string; cpuSeconds: number; waitedSeconds: number }[];
  /** The bench process's own event loop: how late its timers and reads ran (ms). */
  benchLoopDelay: { p99: number; max: number };
};

/** Time on a CPU and time waiting for one, of a process's main thread, in seconds. */
async function schedstat(pid: number | 'self') {
  const text = await fs.readFile(`/proc/${pid}/schedstat`, 'utf8').catch(() => '');
  const [onCpu, waited] = text.split(' ').map(Number);
  return { onCpu: (onCpu ?? NaN) / 1e9, waited: (waited ?? NaN) / 1e9 };
}

type Pair = { conversationId: string; buyer: string; seller: string };

/**
 * `count` messages at a steady rate, each in another pair's thread (buyer and seller in
 * turn), POSTed to `postBase`; each is timed to its arrival on the other person's stream.
 */
export async function measureDelivery(options: {
  scenario: string;
  postBase: string;
  pairs: Pair[];
  cookies: Map<string, string>;
  streamOf: Map<string, EventStreamClient>;
  count: number;
  perSecond: number;
  /** The servers taking part, by name ("A (POSTs)"), whose main threads are followed. */
  servers: Record<string, Server>;
}): Promise<Delivery> {
  const { postBase, pairs, cookies, streamOf, count, perSecond } = options;
  const loadBefore = os.loadavg()[0] ?? 0;
  const processes = [
    ...Object.entries(options.servers).map(([name, server]) => ({ name, pid: server.pid as number | 'self' })),
    { name: 'the bench process', pid: 'self' as const },
  ];
  const before = await Promise.all(processes.map((entry) => schedstat(entry.pid)));
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const runId = Date.now().toString(36);
  const sendOne = async (index: number) => {
    const pair = pairs[index % pairs.length] as Pair;
    const [from, to] = index % 2 === 0 ? [pair.buyer, pair.seller] : [pair.seller, pair.buyer];
    const stream = streamOf.get(to);
    const cookie = cookies.get(from);
    if (!stream || !cookie) throw new Error(`no stream for ${to} or no cookie for ${from}`);
    const body = `Is it still for sale? (bench ${runId} message ${index})`;
    // Waiting from before the POST: the event may arrive before the POST's answer.
    const arrived = stream
      .next(
        (event) =>
          event.type === 'message' &&
          event.conversationId === pair.conversationId &&
          event.message.body === body,
        { from: stream.received.length, timeoutMs: 10_000 },
      )
      .then(
        () => performance.now(),
        () => null,
      );
    const sent = performance.now();
    const response = await fetch(`${postBase}/api/conversations/${pair.conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: postBase },
      body: JSON.stringify({ body }),
    });
    await response.arrayBuffer();
    const answered = performance.now();
    const at = await arrived;
    return { ok: response.status === 201, postMs: answered - sent, deliveryMs: at === null ? null : at - sent };
  };
  const started = performance.now();
  const sending: ReturnType<typeof sendOne>[] = [];
  for (let index = 0; index < count; index += 1) {
    const due = started + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sending.push(sendOne(index));
  }
  const results = await Promise.all(sending);
  loopDelay.disable();
  const after = await Promise.all(processes.map((entry) => schedstat(entry.pid)));
  return {
    scenario: options.scenario,
    streams: streamOf.size,
    messages: count,
    perSecond,
    deliveryMs: results.flatMap((result) => (result.deliveryMs === null ? [] : [result.deliveryMs])),
    postMs: results.map((result) => result.postMs),
    afterAnswerMs: results.flatMap((result) =>
      result.deliveryMs === null ? [] : [result.deliveryMs - result.postMs],
    ),
    lost: results.filter((result) => result.ok && result.deliveryMs === null).length,
    failed: results.filter((result) => !result.ok).length,
    loadAverage: { before: round2(loadBefore), after: round2(os.loadavg()[0] ?? 0) },
    seconds: round2((performance.now() - started) / 1000),
    threads: processes.map((entry, index) => ({
      name: entry.name,
      cpuSeconds: round2((after[index]?.onCpu ?? NaN) - (before[index]?.onCpu ?? NaN)),
      waitedSeconds: round2((after[index]?.waited ?? NaN) - (before[index]?.waited ?? NaN)),
    })),
    benchLoopDelay: { p99: round2(loopDelay.percentile(99) / 1e6), max: round2(loopDelay.max / 1e6) },
  };
}

export type MemoryPoint = {
  streams: number;
  /** After a full garbage collection (the probe's reading), else VmRSS alone. */
  rssBytes: number;
  heapUsedBytes: number | null;
  /** What V8 keeps for its heap, used or not, and memory held outside it (Buffers). */
  heapTotalBytes: number | null;
  externalBytes: number | null;
  afterGc: boolean;
  note?: string;
};

/** The server's memory with `streams` open, right after a full GC when the probe answers. */
export async function readMemory(server: Server, streams: number): Promise<MemoryPoint> {
  // A moment for the last streams' requests to settle (their logs, their sessions).
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const reading = await readAfterFullGc(server.pid, server.probeFile, server.startedAt);
  if (reading) {
    return {
      streams,
      rssBytes: Math.round(reading.rssMb * 2 ** 20),
      heapUsedBytes: Math.round(reading.heapUsedMb * 2 ** 20),
      heapTotalBytes: Math.round(reading.heapTotalMb * 2 ** 20),
      externalBytes: Math.round(reading.externalMb * 2 ** 20),
      afterGc: true,
    };
  }
  const status = await fs.readFile(`/proc/${server.pid}/status`, 'utf8');
  const rssKb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  return {
    streams,
    rssBytes: rssKb * 1024,
    heapUsedBytes: null,
    heapTotalBytes: null,
    externalBytes: null,
    afterGc: false,
  };
}

/** Whether a Redis answers PING at `url`, within a second. */
export async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

export function percentile(values: number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return round2(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
}
