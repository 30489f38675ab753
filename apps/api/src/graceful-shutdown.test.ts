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
