import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-server-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts the real server process on the embedded database and waits until it is healthy. */
async function startServer(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${output}`);
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  child.kill('SIGTERM');
  return exited;
}

it('seeds an empty embedded database once; a restart keeps the data and does not seed again', async () => {
  const port = await freePort();
  const first = await startServer(port);
  const products = (await (await fetch(`http://127.0.0.1:${port}/api/latestProducts`)).json()) as {
    _id: string;
  }[];
  expect(products.length).toBeGreaterThan(0);
  const categories = (await (
    await fetch(`http://127.0.0.1:${port}/api/categories`)
  ).json()) as unknown[];
  expect(first.output()).toContain('seeded the demo marketplace');

  // While it runs, the data directory is locked against a second process.
  const second = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
    cwd: apiRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  let secondOutput = '';
  second.stderr?.on('data', (chunk: Buffer) => (secondOutput += chunk.toString()));
  const secondCode = await new Promise<number | null>((resolve) => second.once('exit', resolve));
  expect(secondCode).toBe(2);
  expect(secondOutput).toContain('is in use by another process');

  expect(await stop(first.child)).toBe(0);

  const again = await startServer(port);
  try {
    expect(again.output()).not.toContain('seeded the demo marketplace');
    const productsAgain = (await (
      await fetch(`http://127.0.0.1:${port}/api/latestProducts`)
    ).json()) as { _id: string }[];
    const categoriesAgain = (await (
      await fetch(`http://127.0.0.1:${port}/api/categories`)
    ).json()) as unknown[];
    expect(productsAgain.map((p) => p._id)).toEqual(products.map((p) => p._id));
    expect(categoriesAgain).toEqual(categories);
  } finally {
    expect(await stop(again.child)).toBe(0);
  }
}, 120_000);
