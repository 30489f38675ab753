import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-app.ts';
import { createFuzzMarketplace, type FuzzMarketplace } from './fuzz-fixtures.ts';
import { fuzzRoute, fuzzTimeoutMs } from './fuzz-route.ts';
import { splitRoute } from './route-groups.ts';
import type { Hints } from './schema-arbitrary.ts';

export type FuzzSetup = { t: TestContext; market: FuzzMarketplace };

/** One app and one small marketplace for the test file, ready once beforeAll has run. */
export function useFuzzMarketplace(): FuzzSetup {
  const setup = {} as FuzzSetup;
  beforeAll(async () => {
    setup.t = await createTestContext();
    setup.market = await createFuzzMarketplace(setup.t);
  });
  afterAll(async () => {
    await setup.t?.close();
  });
  return setup;
}

/** A test per route: fuzzRoute as the group's caller (no cookie: a guest), with its hints. */
export function describeFuzzGroup(
  title: string,
  routes: readonly string[],
  options: {
    setup: FuzzSetup;
    cookie?: (market: FuzzMarketplace) => string;
    hints: (market: FuzzMarketplace, route: string) => Hints;
  },
): void {
  describe(title, () => {
    for (const route of routes) {
      it(
        route,
        async () => {
          const { t, market } = options.setup;
          await fuzzRoute({
            app: t.app,
            db: t.database.db,
            ...splitRoute(route),
            cookie: options.cookie?.(market),
            hints: options.hints(market, route),
          });
        },
        fuzzTimeoutMs,
      );
    }
  });
}
