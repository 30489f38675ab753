import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCategory } from '../db/seed/factories.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

it('answers public lists with an ETag and a 304 while they are unchanged', async () => {
  const first = await t.app.inject({ method: 'GET', url: '/api/categories' });
  expect(first.headers['cache-control']).toBe('no-cache');
  expect(first.headers.vary).toContain('Cookie');
  const etag = String(first.headers.etag);
  expect(etag).toMatch(/^W\/".+"$/);

  const again = await t.app.inject({
    method: 'GET',
    url: '/api/categories',
    headers: { 'if-none-match': etag },
  });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');

  await createCategory(t.database.db);
  const changed = await t.app.inject({
    method: 'GET',
    url: '/api/categories',
    headers: { 'if-none-match': etag },
  });
  expect(changed.statusCode).toBe(200);
  expect(changed.headers.etag).not.toBe(etag);
});

it('compresses large answers for clients that accept it', async () => {
  for (let i = 0; i < 30; i++) await createCategory(t.database.db);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/categories',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(response.headers['content-encoding']).toBe('gzip');
});
