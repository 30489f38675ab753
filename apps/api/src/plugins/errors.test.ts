import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { errorsPlugin } from './errors.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ pglite: await PGlite.create() });
});
afterAll(async () => {
  await database?.close();
});

it('answers text PostgreSQL cannot hold (a NUL) with a 400, even where no contract refused it', async () => {
  const app = Fastify();
  await app.register(errorsPlugin);
  app.get('/echo', async (request) => {
    const { text } = request.query as { text: string };
    await database.db.execute(sql`select ${text}::text as text`);
    return { ok: true };
  });
  const fine = await app.inject({ method: 'GET', url: '/echo?text=hello' });
  expect(fine.statusCode).toBe(200);
  const response = await app.inject({ method: 'GET', url: '/echo?text=a%00b' });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: {
      code: 'INVALID_TEXT',
      message: 'The request contains a character that is not allowed.',
    },
  });
  await app.close();
});

it('answers a transaction PostgreSQL gave up for another (a deadlock) with a 503 to retry, not a 500', async () => {
  const app = Fastify();
  await app.register(errorsPlugin);
  app.get('/deadlock', async () => {
    await database.db.execute(
      sql`do $$ begin raise exception 'deadlock detected' using errcode = 'deadlock_detected'; end $$`,
    );
    return { ok: true };
  });
  const response = await app.inject({ method: 'GET', url: '/deadlock' });
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('1');
  expect(response.json()).toEqual({
    error: {
      code: 'TRY_AGAIN',
      message: 'Someone else was changing the same thing at that moment. Please try again.',
    },
  });
  await app.close();
});
