import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startS3Server } from './test/s3-server.ts';
import { apiRoot, freePort, startServerProcess } from './test/server-process.ts';

let dataDir: string;
const startServer = (port: number) =>
  startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'info' }, { port });

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-server-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

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
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ENV_FILE: 'none' },
  });
  let secondOutput = '';
  second.stderr?.on('data', (chunk: Buffer) => (secondOutput += chunk.toString()));
  const secondCode = await new Promise<number | null>((resolve) => second.once('exit', resolve));
  expect(secondCode).toBe(2);
  expect(secondOutput).toContain('is in use by another process');

  expect(await first.stop()).toBe(0);

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
    expect(await again.stop()).toBe(0);
  }
}, 300_000);

it('npm run db:seed puts the demo pictures where the server keeps them: the S3 bucket when set', async () => {
  const s3 = await startS3Server();
  const ownDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-seed-s3-'));
  const bucket = new S3Client({
    endpoint: s3.config.endpoint,
    region: s3.config.region,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  });
  try {
    const seed = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
      cwd: apiRoot,
      env: { ...process.env, DATA_DIR: ownDataDir, DATABASE_URL: '', ENV_FILE: 'none', ...s3.env },
    });
    let output = '';
    seed.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    seed.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    expect(await new Promise((resolve) => seed.once('exit', resolve)), output).toBe(0);
    expect(output).toContain('Seeded the demo marketplace');

    const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
    expect(listed.KeyCount ?? 0).toBeGreaterThan(40);
    // Nothing on the local disk, which another instance could not serve.
    await expect(fs.readdir(path.join(ownDataDir, 'images'))).rejects.toThrow();
  } finally {
    bucket.destroy();
    await s3.close();
    await fs.rm(ownDataDir, { recursive: true, force: true });
  }
}, 300_000);
