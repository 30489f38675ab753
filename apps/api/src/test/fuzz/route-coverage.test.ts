import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-app.ts';
import { fuzzedRoutes } from './route-groups.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

it('fuzzes every API route of the router', () => {
  const registered = t.app.accessRegistry.map((route) => `${route.method} ${route.url}`).sort();
  const fuzzed = Object.values(fuzzedRoutes).flat().sort();
  expect(fuzzed).toEqual(registered);
});
