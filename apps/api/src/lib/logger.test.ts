import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../plugins/errors.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { createLogger, logFormatFor, OneLinePerRequest } from './logger.ts';

/** A logger writing into an array, one parsed JSON object per line. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const { logger } = createLogger({
    format: 'json',
    level: 'info',
    destination: { write: (line: string) => lines.push(JSON.parse(line)) },
  });
  return { logger, lines };
}

describe('request logging', () => {
  let t: TestContext;
  const { logger, lines } = capturingLogger();
  beforeAll(async () => {
    t = await createTestContext({}, { logger });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs one line per request, once answered: method, URL, status, time and request id', async () => {
    lines.length = 0;
    const answered = await t.app.inject({ method: 'GET', url: '/api/categories?from=test' });
    expect(answered.statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);

    expect(lines).toHaveLength(2);
    const [first, second] = lines;
    expect(first).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/categories?from=test',
      statusCode: 200,
      reqId: expect.any(String),
      responseTime: expect.any(Number),
    });
    expect(second).toMatchObject({ url: '/api/no-such-route', statusCode: 404 });
    expect(second?.reqId).not.toBe(first?.reqId);
    // Not the request and response objects Fastify's default lines carry.
    expect(first).not.toHaveProperty('req');
    expect(first).not.toHaveProperty('res');
  });
});

it('logs an unexpected error with its message and stack, and the request with its 500', async () => {
  const { logger, lines } = capturingLogger();
  const app = Fastify({ loggerInstance: logger, logController: new OneLinePerRequest() });
  await app.register(errorsPlugin);
  app.get('/broken', async () => {
    throw new Error('the disk is on fire');
  });
  const response = await app.inject({ method: 'GET', url: '/broken' });
  await app.close();

  expect(response.statusCode).toBe(500);
  expect(response.json()).toMatchObject({ error: { code: 'INTERNAL_ERROR' } });
  const error = lines.find((line) => line.msg === 'unhandled error');
  expect(error).toMatchObject({
    level: 50,
    reqId: expect.any(String),
    err: { message: 'the disk is on fire', stack: expect.stringContaining('logger.test.ts') },
  });
  const request = lines.filter((line) => line.msg === 'request completed');
  expect(request).toEqual([expect.objectContaining({ url: '/broken', statusCode: 500 })]);
});

describe("production's destination (batched, asynchronous)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-logger-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  const written = async (file: string) =>
    (await fs.readFile(file, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
  const until = async (check: () => Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  };

  it('holds request lines back a moment, sends an error at once with them, a quiet spell within a second', async () => {
    const file = path.join(dir, 'out.log');
    const handle = await fs.open(file, 'w');
    try {
      const { logger } = createLogger({ format: 'json', level: 'info', fd: handle.fd });
      logger.info('first request');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await written(file)).toEqual([]);

      logger.error('went wrong');
      await until(async () => (await written(file)).length === 2, 2000);
      expect(await written(file)).toEqual(['first request', 'went wrong']);

      const quietAt = Date.now();
      logger.info('a quiet spell');
      await until(async () => (await written(file)).length === 3, 3000);
      expect(await written(file)).toContain('a quiet spell');
      expect(Date.now() - quietAt).toBeLessThan(2000);
    } finally {
      await handle.close();
    }
  });
});

describe('log format', () => {
  it('writes readable lines for a terminal and JSON lines for a file or a pipe, unless told', () => {
    expect(logFormatFor(undefined, true)).toBe('pretty');
    expect(logFormatFor(undefined, false)).toBe('json');
    expect(logFormatFor(undefined, undefined)).toBe('json');
    expect(logFormatFor('json', true)).toBe('json');
    expect(logFormatFor('pretty', false)).toBe('pretty');
  });

  it('shows a request as one readable line: time, level, message, method, URL and status', async () => {
    let text = '';
    const { logger } = createLogger({
      format: 'pretty',
      level: 'info',
      destination: { write: (chunk: string) => (text += chunk) },
    });
    const app = Fastify({ loggerInstance: logger, logController: new OneLinePerRequest() });
    app.get('/api/health', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));

    const line = text.split('\n').find((candidate) => candidate.includes('request completed'));
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO/);
    expect(line).toContain('"url":"/api/health"');
    expect(line).toContain('"statusCode":200');
    expect(() => JSON.parse(line ?? '')).toThrow();
  });
});
