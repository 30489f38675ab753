import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { staticClientPlugin, type FirstPaint } from './static-client.ts';

let t: TestContext;
let distDir: string;
beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  const head = `<head><meta name="description" content="${'Used laptops. '.repeat(100)}"></head>`;
  await fs.writeFile(
    path.join(distDir, 'index.html'),
    `<!doctype html>${head}<div id="root">Home</div>`,
  );
  await fs.writeFile(
    path.join(distDir, 'loading.html'),
    '<!doctype html><div id="root">Loading</div>',
  );
  await fs.writeFile(path.join(distDir, 'assets', 'index-AbC123.js'), 'console.log(1)');
  await fs.writeFile(path.join(distDir, 'favicon.svg'), '<svg/>');
  // A script with the compressed copies the build writes beside it (scripts/compress.mjs).
  const script = Buffer.from(`console.log(${JSON.stringify('laptops '.repeat(500))});`);
  await fs.writeFile(path.join(distDir, 'assets', 'app-XyZ789.js'), script);
  await fs.writeFile(
    path.join(distDir, 'assets', 'app-XyZ789.js.br'),
    zlib.brotliCompressSync(script),
  );
  await fs.writeFile(path.join(distDir, 'assets', 'app-XyZ789.js.gz'), zlib.gzipSync(script));
  t = await createTestContext({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

it('serves hashed assets with a year-long immutable cache', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

it('sends the copy the build compressed that the browser accepts, and says it depends on that', async () => {
  const file = (name: string) => fs.readFile(path.join(distDir, 'assets', name));
  const url = '/assets/app-XyZ789.js';
  const encodings: Record<string, string | undefined> = {
    'gzip, deflate, br, zstd': 'br',
    gzip: 'gzip',
    identity: undefined,
  };
  for (const [acceptEncoding, encoding] of Object.entries(encodings)) {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(response.statusCode, acceptEncoding).toBe(200);
    expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
    expect(response.headers.vary, acceptEncoding).toBe('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The very bytes the build wrote, not the server compressing the script again.
    const sent =
      encoding === 'br' ? 'app-XyZ789.js.br' : encoding ? 'app-XyZ789.js.gz' : 'app-XyZ789.js';
    expect(response.rawPayload.equals(await file(sent)), acceptEncoding).toBe(true);
  }
});

it("serves Home's prerendered page at /, the loading page on other client routes, revalidated on every visit", async () => {
  const pages = {
    '/': 'Home',
    '/?ref=mail': 'Home',
    '/blogs': 'Loading',
    '/category/123': 'Loading',
    '/dashboard/myorders?x=1': 'Loading',
  };
  for (const [url, page] of Object.entries(pages)) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body, url).toContain(`<div id="root">${page}</div>`);
  }
  const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
  expect(favicon.headers['cache-control']).toBe('public, max-age=86400');
});

it('sends the pages compressed to browsers that accept it', async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe('gzip');
  expect(response.headers['content-type']).toMatch(/text\/html/);
  const html = zlib.gunzipSync(response.rawPayload).toString();
  expect(html).toContain('<div id="root">Home</div>');
  expect(response.rawPayload.length).toBeLessThan(html.length / 2);
});

it('never serves index.html for /api paths or missing files', async () => {
  for (const url of ['/api/nope', '/api', '/assets/missing.js']) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  }
  const post = await t.app.inject({ method: 'POST', url: '/blogs' });
  expect(post.statusCode).toBe(404);
});

it('serves index.html on every client route from a build without loading.html', async () => {
  const oldDist = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-dist-'));
  await fs.writeFile(path.join(oldDist, 'index.html'), '<!doctype html><div id="root"></div>');
  const old = await createTestContext({ WEB_DIST_DIR: oldDist });
  try {
    const response = await old.app.inject({ method: 'GET', url: '/blogs' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  } finally {
    await old.close();
    await fs.rm(oldDist, { recursive: true, force: true });
  }
});

it('sends a page at once without its first paint extras when they fail or are slow', async () => {
  const app = Fastify();
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-dist-'));
  try {
    await fs.writeFile(path.join(dist, 'index.html'), '<head></head>Home');
    await fs.writeFile(path.join(dist, 'loading.html'), '<head></head>Loading');
    await fs.writeFile(path.join(dist, 'page.html'), '<head></head><div id="root"></div>');
    let calls = 0;
    await app.register(staticClientPlugin, {
      distDir: dist,
      firstPaint: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return new Promise<FirstPaint>(() => {}); // never answers
      },
      firstPaintDeadlineMs: 150,
    });
    for (const _ of ['failing', 'hanging']) {
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/search?q=x' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('<head></head>Loading');
      expect(Date.now() - started).toBeLessThan(1000);
    }
  } finally {
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
  }
});
