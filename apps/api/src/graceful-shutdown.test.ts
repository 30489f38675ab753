import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess } from './test/server-process.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-shutdown-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('on SIGTERM finishes the request in flight, takes no new ones, and exits 0 promptly', async () => {
  const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
  try {
    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({
      email: 'late@example.test',
      subject: 'Still there?',
      message: 'Sent while the server was shutting down.',
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      request.write(body.slice(0, 20));
      setTimeout(() => request.end(body.slice(20)), 1500);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    const exited = server.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    // No new connections once shutting down.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    const inFlight = await answer;
    expect(inFlight.status).toBe(201);
    expect(JSON.parse(inFlight.body)).toMatchObject({ acknowledged: true });
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
  } finally {
    await server.stop('SIGKILL');
  }
}, 90_000);

it('on SIGTERM gives a request that never finishes SHUTDOWN_TIMEOUT_MS, then exits 1 anyway', async () => {
  const ownDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-shutdown-bound-'));
  const boundMs = 1_500;
  const server = await startServerProcess({
    DATA_DIR: ownDataDir,
    SEED_DEMO: 'false',
    SHUTDOWN_TIMEOUT_MS: String(boundMs),
  });
  try {
    // An upload whose body stops arriving half-way (a stalled or hostile client): it
    // would keep the process alive forever if shutdown waited for it.
    const stalled = http.request(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': 10_000 },
    });
    const cutOff = new Promise<string>((resolve) => {
      stalled.on('error', (error) => resolve(error.message));
      stalled.on('response', (response) => resolve(`answered ${response.statusCode}`));
    });
    stalled.write('{"email":"slow@example.test","message":"');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    const code = await Promise.race([
      server.stop('SIGTERM'),
      new Promise<string>((resolve) => setTimeout(() => resolve('still running'), boundMs + 8_000)),
    ]);
    const tookMs = Date.now() - signalledAt;
    expect(code).toBe(1);
    // It waited for the request as long as allowed, and not much longer.
    expect(tookMs).toBeGreaterThanOrEqual(boundMs - 100);
    expect(tookMs).toBeLessThan(boundMs + 5_000);
    expect(server.output()).toContain('shutdown took too long, exiting');
    // The stalled client sees its connection end rather than hang.
    expect(await cutOff).toMatch(/socket hang up|ECONNRESET/);
  } finally {
    await server.stop('SIGKILL');
    await fs.rm(ownDataDir, { recursive: true, force: true });
  }
}, 90_000);

it('on SIGTERM writes out every request line logged before exiting', async () => {
  const ownDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-shutdown-logs-'));
  // As deployed: a line per request, written asynchronously (lib/logger.ts).
  const server = await startServerProcess({
    DATA_DIR: ownDataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
  });
  try {
    const requests = 400;
    let sent = 0;
    const client = async () => {
      while (sent < requests) {
        sent += 1;
        const response = await fetch(`${server.url}/api/categories?n=${sent}`);
        expect(response.status).toBe(200);
      }
    };
    await Promise.all(Array.from({ length: 16 }, client));
    // At once: lines still on their way to stdout must not be lost on exit.
    expect(await server.stop('SIGTERM')).toBe(0);

    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; url?: string });
    const answered = lines.filter((line) => line.url?.startsWith('/api/categories?n='));
    expect(answered).toHaveLength(requests);
    expect(new Set(answered.map((line) => line.url)).size).toBe(requests);
    expect(lines.map((line) => line.msg)).toContain('shutting down');
  } finally {
    await server.stop('SIGKILL');
    await fs.rm(ownDataDir, { recursive: true, force: true });
  }
}, 90_000);
