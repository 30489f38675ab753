import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type AppOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, pgliteExtensions, type Database } from '../db/client.ts';
import { createLocalImageStorage, type ImageStorage } from '../modules/images/image-storage.ts';
import { httpCall } from './http-client.ts';

/** The app's secret in tests: it signs sessions and unsubscribe links. */
export const testAuthSecret = 'test-secret-that-is-long-enough-for-better-auth';

export type TestContext = {
  app: App;
  database: Database;
  imageStorage: ImageStorage;
  dataDir: string;
  close(): Promise<void>;
};

/**
 * A fresh database for one test file: PGlite loaded from the migrated template, or,
 * with TEST_DATABASE_URL, a throw-away database on that PostgreSQL server.
 */
async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `laptops_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.migrate();
    return {
      database,
      async drop() {
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const template = await fs.readFile(inject('pgliteTemplatePath'));
  const pglite = await PGlite.create({
    loadDataDir: new Blob([template]),
    extensions: pgliteExtensions,
  });
  return { database: await openDatabase({ pglite }), drop: async () => {} };
}

/** Where the test app says its pages are: the Origin its cross-site guard trusts. */
export const TEST_PUBLIC_URL = 'http://localhost:3000';

export async function createTestContext(
  env: Record<string, string> = {},
  overrides: Pick<
    AppOptions,
    | 'stripeClient'
    | 'imageStorage'
    | 'renderCataloguePage'
    | 'logger'
    | 'rateLimitStore'
    | 'runJobs'
  > = {},
): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-test-'));
  const { database, drop } = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    MAIL_FROM: 'Laptop Resale <operator@laptops.test>',
    // Tests sign in many users from one address and upload freely; the limiters have their own tests.
    AUTH_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
    UPLOAD_RATE_LIMIT_PER_USER: '100000',
    HARDWARE_REPORT_RATE_LIMIT_PER_USER: '100000',
    BOOKING_RATE_LIMIT_PER_BUYER: '100000',
    SERIAL_CHECK_RATE_LIMIT_PER_SELLER: '100000',
    MESSAGE_RATE_LIMIT_PER_SENDER: '100000',
    // Tests write through factories, which the list cache cannot see; it has its own test.
    LIST_CACHE_MS: '0',
    // Test files share the machine's cores: a page must not go out undrawn for being
    // slow here. The deadline has its own tests (static-client, first-paint).
    FIRST_PAINT_DEADLINE_MS: '10000',
    ...env,
  });
  const imageStorage =
    overrides.imageStorage ?? createLocalImageStorage(path.join(dataDir, 'images'));
  const app = await buildApp({
    config,
    database,
    authSecret: testAuthSecret,
    imageStorage,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    database,
    imageStorage,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await drop();
      // Mail sent in the background may still be landing in the outbox.
      await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    },
  };
}

/**
 * A second server on the test's database and storage, with its job queue running: the
 * jobs as a deployed server schedules and starts them. The caller closes it.
 */
export async function serverWithJobs(t: TestContext, env: Record<string, string>): Promise<App> {
  const server = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: t.dataDir,
      PUBLIC_URL: TEST_PUBLIC_URL,
      ...env,
    }),
    database: t.database,
    authSecret: testAuthSecret,
    imageStorage: t.imageStorage,
    runJobs: true,
  });
  await server.ready();
  return server;
}

/** Signs a user in through better-auth and returns the session cookie header. */
export async function signIn(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed (${response.statusCode}): ${response.body}`);
  }
  const setCookie = response.headers['set-cookie'];
  const cookies = Array.isArray(setCookie) ? setCookie : [setCookie ?? ''];
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

/**
 * Starts the test app on a free local port, for what only real HTTP shows (event
 * streams), and gives a caller that writes as the web client does: with the session
 * cookie, from the app's own pages.
 */
export async function listenOverHttp(t: TestContext) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const call = (method: string, path: string, cookie: string, body?: object) =>
    httpCall(baseUrl, method, path, { cookie, body, origin: TEST_PUBLIC_URL });
  return { baseUrl, call };
}
