import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../db/seed/factories.ts';
import { accessControlPlugin, type Access } from '../plugins/access-control.ts';
import { createTestContext, signIn, type TestContext } from './test-app.ts';

/**
 * Who may call each API route. Written by hand: a new route must be added here,
 * or the completeness check below fails.
 */
const expectedAccess: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/categories': 'public',
  'GET /api/category/:id': 'public',
  'GET /api/advertiseProducts': 'public',
  'GET /api/latestProducts': 'public',
  'GET /api/products/:id': 'public',
  'GET /api/sellers/:id': 'public',
  'GET /api/sellers/:id/reviews': 'public',
  'POST /api/contact': 'public',
  'GET /api/images/:key': 'public',
  'POST /api/images': 'signed-in',
  'POST /api/hardware-reports': 'seller',
  'GET /api/fair-price': 'seller',
  'GET /api/auth-options': 'public',
  'GET /api/jwt': 'signed-in',
  'GET /api/dashboard': 'signed-in',
  'GET /api/users/admin/:email': 'signed-in',
  'GET /api/users/buyer/:email': 'signed-in',
  'GET /api/users/seller/:email': 'signed-in',
  'POST /api/products': 'seller',
  'GET /api/myProducts': 'seller',
  'PUT /api/myProducts': 'seller',
  'PATCH /api/myProducts/:id': 'seller',
  'DELETE /api/myProducts': 'seller',
  'GET /api/myBuyers': 'seller',
  'POST /api/reports': 'signed-in',
  'GET /api/reports': 'admin',
  'POST /api/myOrders': 'buyer',
  'GET /api/myOrders': 'buyer',
  'GET /api/myOrders/:id': 'buyer',
  'DELETE /api/myOrders/:id': 'buyer',
  'GET /api/orders/:id': 'signed-in',
  'GET /api/deal-terms': 'public',
  'POST /api/orders/:id/handover': 'seller',
  'POST /api/orders/:id/seller-cancel': 'seller',
  'POST /api/orders/:id/received': 'buyer',
  'POST /api/orders/:id/dispute': 'buyer',
  'GET /api/admin/disputes': 'admin',
  'GET /api/admin/disputes/:id': 'admin',
  'GET /api/admin/disputes/:id/thread': 'admin',
  'POST /api/admin/disputes/:id/settle': 'admin',
  'GET /api/admin/money': 'admin',
  // Reviews: the order's buyer or seller (the service answers anyone else 404).
  'GET /api/orders/:id/reviews': 'signed-in',
  'POST /api/orders/:id/reviews': 'signed-in',
  'POST /api/reviews/:reviewId/reply': 'signed-in',
  'POST /api/reviews/:reviewId/report': 'signed-in',
  'GET /api/admin/review-reports': 'admin',
  'POST /api/admin/review-reports/:reviewId/hide': 'admin',
  'POST /api/admin/review-reports/:reviewId/dismiss': 'admin',
  // Verification photos: the listing's seller (another seller's listing is a 404); the
  // photo answers its seller and admins (the service answers anyone else 404).
  'GET /api/myProducts/:id/verification': 'seller',
  'POST /api/myProducts/:id/verification/code': 'seller',
  'POST /api/myProducts/:id/verification/photo': 'seller',
  'GET /api/photo-verifications/:verificationId/photo': 'signed-in',
  'GET /api/admin/photo-verifications': 'admin',
  'POST /api/admin/photo-verifications/:verificationId/decision': 'admin',
  'GET /api/admin/serial-flags': 'admin',
  'POST /api/admin/serial-flags/:key/dismiss': 'admin',
  'POST /api/admin/serial-flags/:key/take-down': 'admin',
  'GET /api/admin/stolen-serials': 'admin',
  'POST /api/admin/stolen-serials': 'admin',
  'DELETE /api/admin/stolen-serials/:id': 'admin',
  'GET /api/payment-config': 'public',
  'POST /api/create-payment-intent': 'buyer',
  'POST /api/payments': 'buyer',
  // Test mode only; whoever holds the client secret may confirm, as with Stripe.
  'POST /api/sandbox/payment_intents/:id/confirm': 'public',
  'GET /api/payout-account': 'seller',
  'POST /api/payout-account/onboarding': 'seller',
  'POST /api/payout-account/refresh': 'seller',
  'GET /api/earnings': 'seller',
  'GET /api/earnings/csv': 'seller',
  'GET /api/payouts': 'seller',
  // Test mode only: the seller finishes the simulated onboarding of their own account.
  'POST /api/sandbox/accounts/:id/onboard': 'seller',
  'PUT /api/reports/:id/dismiss': 'admin',
  'DELETE /api/reports/:id': 'admin',
  'GET /api/allSellers': 'admin',
  'GET /api/allBuyers': 'admin',
  'GET /api/allUsers': 'admin',
  'PUT /api/verifySeller': 'admin',
  'PUT /api/makeAdmin': 'admin',
  'DELETE /api/deleteSeller': 'admin',
  'DELETE /api/allBuyers': 'admin',
  'DELETE /api/deleteUser': 'admin',
  'GET /api/admin/activity': 'admin',
  'GET /api/search': 'public',
  'GET /api/search/counts': 'public',
  'POST /api/conversations': 'signed-in',
  'GET /api/conversations': 'signed-in',
  'GET /api/conversations/:id': 'signed-in',
  'POST /api/conversations/:id/messages': 'signed-in',
  'POST /api/conversations/:id/read': 'signed-in',
  'GET /api/conversations/unread': 'signed-in',
  'POST /api/conversations/:id/block': 'signed-in',
  'DELETE /api/conversations/:id/block': 'signed-in',
  'GET /api/blocks': 'signed-in',
  'DELETE /api/blocks/:id': 'signed-in',
  'POST /api/conversations/:id/reports': 'signed-in',
  'GET /api/admin/conversation-reports': 'admin',
  'GET /api/admin/conversation-reports/:id/thread': 'admin',
  'PUT /api/admin/conversation-reports/:id/dismiss': 'admin',
  'PUT /api/admin/conversation-reports/:id/messaging-ban': 'admin',
  'DELETE /api/admin/conversation-reports/:id/messaging-ban': 'admin',
  'GET /api/live': 'signed-in',
  'GET /api/settings': 'signed-in',
  'PATCH /api/settings': 'signed-in',
  // The token in the link says whose emails stop; a GET only shows the button.
  'GET /api/unsubscribe/messages': 'public',
  'POST /api/unsubscribe/messages': 'public',
  'GET /api/unsubscribe/favourites': 'public',
  'POST /api/unsubscribe/favourites': 'public',
  'GET /api/favourites': 'buyer',
  'GET /api/favourites/ids': 'buyer',
  'PUT /api/favourites/:productId': 'buyer',
  'DELETE /api/favourites/:productId': 'buyer',
  'GET /api/favourite-emails': 'buyer',
  'PUT /api/favourite-emails': 'buyer',
  // Buyers and sellers keep saved searches; admins none.
  'POST /api/saved-searches': 'member',
  'GET /api/saved-searches': 'member',
  'PATCH /api/saved-searches/:id': 'member',
  'DELETE /api/saved-searches/:id': 'member',
  // The token in the link says whose searches stop; a GET only shows the button.
  'GET /api/unsubscribe/saved-searches': 'public',
  'POST /api/unsubscribe/saved-searches': 'public',
};

/**
 * An event stream never ends, so here it is asked with a query it refuses (400): a caller
 * who got that far got past the guard. live.test.ts opens it for real.
 */
const streams: Record<string, string> = { 'GET /api/live': '/api/live?lastEventId=x' };

type Caller = 'anonymous' | 'buyer' | 'seller' | 'otherSeller' | 'admin';
const callers: Caller[] = ['anonymous', 'buyer', 'seller', 'otherSeller', 'admin'];

function expectedStatus(access: Access, caller: Caller): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (caller === 'anonymous') return 401;
  if (access === 'signed-in') return 'allowed';
  if (access === 'member') return caller === 'admin' ? 403 : 'allowed';
  const role = caller === 'otherSeller' ? 'seller' : caller;
  return role === access ? 'allowed' : 403;
}

let t: TestContext;
const identities = new Map<Caller, { cookie: string; email: string }>();
beforeAll(async () => {
  t = await createTestContext();
  const roles = {
    buyer: 'buyer',
    seller: 'seller',
    otherSeller: 'seller',
    admin: 'admin',
  } as const;
  for (const [caller, typeOfUser] of Object.entries(roles) as [
    Caller,
    'buyer' | 'seller' | 'admin',
  ][]) {
    const user = await createUser(t.database.db, { typeOfUser });
    identities.set(caller, {
      cookie: await signIn(t.app, user.email, user.password),
      email: user.email,
    });
  }
});
afterAll(async () => {
  await t?.close();
});

describe('authorization matrix', () => {
  it('lists every API route of the router', () => {
    const registered = t.app.accessRegistry.map((route) => `${route.method} ${route.url}`).sort();
    expect(registered).toEqual(Object.keys(expectedAccess).sort());
    for (const route of t.app.accessRegistry) {
      expect(route.access, `${route.method} ${route.url}`).toBe(
        expectedAccess[`${route.method} ${route.url}`],
      );
    }
  });

  it('lets each caller in or refuses them with 401 or 403, as declared', async () => {
    const failures: string[] = [];
    for (const [route, access] of Object.entries(expectedAccess)) {
      const [method, pattern] = route.split(' ') as [string, string];
      for (const caller of callers) {
        const identity = identities.get(caller);
        const url = (streams[route] ?? pattern)
          .replace(':id', randomUUID())
          .replace(':reviewId', randomUUID())
          .replace(':verificationId', randomUUID())
          .replace(':key', 'missing.webp')
          .replace(':email', encodeURIComponent(identity?.email ?? 'someone@example.test'));
        const response = await t.app.inject({
          method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
          url,
          headers: identity ? { cookie: identity.cookie } : {},
          ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
        });
        const expected = expectedStatus(access, caller);
        const ok =
          expected === 'allowed'
            ? response.statusCode !== 401 &&
              response.statusCode !== 403 &&
              response.statusCode < 500
            : response.statusCode === expected;
        if (!ok)
          failures.push(`${route} as ${caller}: expected ${expected}, got ${response.statusCode}`);
        if (expected !== 'allowed') {
          expect(response.json()).toMatchObject({
            error:
              expected === 401
                ? { code: 'UNAUTHENTICATED', message: 'Please log in first.' }
                : { code: 'FORBIDDEN' },
          });
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

it('refuses to start an app with an API route that does not say who may call it', async () => {
  const app = Fastify();
  app.decorateRequest('getViewer', async () => null);
  await app.register(accessControlPlugin);
  await expect(
    app
      .register(async (scope) => {
        scope.get('/api/forgotten', async () => 'oops');
      })
      .ready(),
  ).rejects.toThrow('Route GET /api/forgotten does not declare who may call it');
  await app.close();
});
