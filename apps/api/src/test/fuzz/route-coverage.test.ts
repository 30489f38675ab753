import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-app.ts';
import {
  fuzzedAuthRoutes,
  fuzzedRoutes,
  sandboxOnlyRoutes,
  stripeOnlyRoutes,
} from './route-groups.ts';

let t: TestContext;
let withStripe: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  // Building the app makes no call to Stripe, so no Stripe server is needed here.
  withStripe = await createTestContext({
    STRIPE_SECRET_KEY: 'sk_test_coverage',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_coverage',
    STRIPE_WEBHOOK_SECRET: 'whsec_coverage',
  });
});
afterAll(async () => {
  await t?.close();
  await withStripe?.close();
});

const registered = (context: TestContext) =>
  context.app.accessRegistry.map((route) => `${route.method} ${route.url}`).sort();
const fuzzed: string[] = Object.values(fuzzedRoutes).flat();

it('fuzzes every API route of the router', () => {
  expect(fuzzed.slice().sort()).toEqual(registered(t));
});

it('fuzzes every API route of the router with Stripe configured, the webhook included', () => {
  const expected = [
    ...fuzzed.filter((route) => !(sandboxOnlyRoutes as readonly string[]).includes(route)),
    ...stripeOnlyRoutes,
  ].sort();
  expect(registered(withStripe)).toEqual(expected);
});

it('fuzzes every better-auth endpoint the web client calls', async () => {
  const authApi = fileURLToPath(new URL('../../../../web/src/features/auth/api/', import.meta.url));
  const called = new Set<string>();
  for (const file of await fs.readdir(authApi)) {
    if (!file.endsWith('.ts') || file.includes('.test.')) continue;
    const source = await fs.readFile(path.join(authApi, file), 'utf8');
    // authRequest('/x', ...) POSTs to /api/auth/x; apiRequest('/api/auth/x', ...) GETs it.
    for (const match of source.matchAll(/authRequest\(\s*'(\/[^']+)'/g)) {
      called.add(`POST /api/auth${match[1]}`);
    }
    for (const match of source.matchAll(/apiRequest\(\s*'(\/api\/auth\/[^']+)'/g)) {
      called.add(`GET ${match[1]}`);
    }
  }
  expect(called.size).toBeGreaterThan(5);
  const missing = [...called].filter(
    (route) => !(fuzzedAuthRoutes as readonly string[]).includes(route),
  );
  expect(missing).toEqual([]);
});
