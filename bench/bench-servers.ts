/**
 * The servers the benchmark drives: the real server (apps/api/src/server.ts) in a child
 * process, the bare node:http server to compare with, and autocannon runs against them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  CONNECTIONS,
  SECONDS,
  SERVER_LOG_LEVEL,
  WARMUP_SECONDS,
  log,
  root,
  type Timing,
} from './bench-settings.ts';

/** Every server still running, so that an interrupted run can end them. */
const children = new Set<ChildProcess>();

/** On the way out after a failure or a signal: nothing is left listening. */
export function killAll() {
  for (const child of children) child.kill('SIGKILL');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export async function withServer(env: Record<string, string>, run: (base: string) => Promise<void>) {
  const port = await freePort();
  const server = await startServer(port, env);
  try {
    await run(`http://127.0.0.1:${port}`);
  } finally {
    await stop(server);
  }
}

export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  // Request logging on, as npm start has it: one line per request, into a file.
  const logFile = path.join(os.tmpdir(), `laptops-bench-server-${process.pid}-${port}.log`);
  const output = await fs.open(logFile, 'w');
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      stdio: ['ignore', output.fd, 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO: 'false',
        LOG_LEVEL: SERVER_LOG_LEVEL,
        // What the bench sets and nothing from a developer's .env (a Redis, a bucket).
        ENV_FILE: 'none',
        // The sandbox's test payments: a production server takes them only when told to.
        PAYMENTS_PROVIDER: 'sandbox',
        AUTH_SECRET: 'bench-secret-that-is-long-enough-for-better-auth',
        ...env,
      },
    }),
  );
  child.once('exit', () => {
    void output.close().then(() => fs.rm(logFile, { force: true }));
  });
  // The start (migrations, the job queue, the page renderer's warm-up) took over a
  // minute on this machine while others' tests ran.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop(child);
  throw new Error('the server did not start within 3 minutes');
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Warm-up, then a timed run; percentiles from every 2xx response's own latency.
 * `nextPath` gives each request's path (the same one, or a new one every time).
 */
export async function measure(
  base: string,
  nextPath: () => string,
  headers: Record<string, string> = {},
): Promise<Timing> {
  const urlPath = nextPath();
  const check = await fetch(base + urlPath, { headers });
  if (check.status !== 200) throw new Error(`${urlPath} answered ${check.status}`);
  await runCannon(base, nextPath, WARMUP_SECONDS, CONNECTIONS, headers);
  const run = await runCannon(base, nextPath, SECONDS, CONNECTIONS, headers);
  const alone = await runCannon(base, nextPath, Math.max(2, SECONDS / 2), 1, headers);
  const result = {
    path: urlPath,
    p50: percentile(run.latencies, 0.5),
    p95: percentile(run.latencies, 0.95),
    p99: percentile(run.latencies, 0.99),
    requestsPerSecond: Math.round(run.requests / SECONDS),
    p95Alone: percentile(alone.latencies, 0.95),
    requests: run.requests,
    errors: run.errors + alone.errors,
    loadAverage: round(os.loadavg()[0] ?? 0),
  };
  log(
    `  ${urlPath.slice(0, 60).padEnd(60)} p50 ${result.p50} p95 ${result.p95} p99 ${result.p99} ms, ${result.requestsPerSecond} req/s; alone p95 ${result.p95Alone} ms${result.errors ? `, ${result.errors} errors` : ''}`,
  );
  return result;
}

function percentile(latencies: number[], q: number): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
}

async function runCannon(
  base: string,
  nextPath: () => string,
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
) {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: base + nextPath(),
    connections,
    duration: seconds,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else errors += 1;
  });
  const result = await instance;
  return { latencies, requests: latencies.length, errors: errors + result.errors + result.timeouts };
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** The bare server answers the latest list's bytes; measured just like the app. */
export async function measureBare(base: string) {
  const response = await fetch(`${base}/api/latestProducts`);
  const bodyFile = path.join(os.tmpdir(), `laptops-bench-body-${process.pid}.json`);
  await fs.writeFile(bodyFile, Buffer.from(await response.arrayBuffer()));
  const port = await freePort();
  const child = track(
    spawn(process.execPath, [path.join(root, 'bench/bare-server.mjs')], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        BARE_BODY_FILE: bodyFile,
        BARE_CONTENT_TYPE: response.headers.get('content-type') ?? 'application/json',
      },
    }),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout?.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
    });
    return await measure(`http://127.0.0.1:${port}`, () => '/');
  } finally {
    await stop(child);
    await fs.rm(bodyFile, { force: true });
  }
}
