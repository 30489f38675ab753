import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

it('answers ok while the database is reachable', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok' });
});

it('answers JSON 404s for unknown API routes', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({
    error: { code: 'NOT_FOUND', message: 'No such route: GET /api/nope' },
  });
});

it('serves the OpenAPI document generated from the contracts', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const doc = response.json<{ paths: Record<string, unknown> }>();
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/categories',
      '/api/category/{id}',
      '/api/latestProducts',
      '/api/advertiseProducts',
      '/api/contact',
    ]),
  );
});
