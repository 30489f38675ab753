/**
 * Which fuzz file covers which route. Each file builds one app for its group; the
 * coverage test checks that together they cover every route of the router, as the
 * tests build it (card payments in the embedded sandbox).
 */
export const fuzzedRoutes = {
  public: [
    'GET /api/health',
    'GET /api/categories',
    'GET /api/category/:id',
    'GET /api/advertiseProducts',
    'GET /api/latestProducts',
    'GET /api/products/:id',
    'GET /api/search',
    'GET /api/search/counts',
    'POST /api/contact',
    'GET /api/images/:key',
    'GET /api/auth-options',
    'GET /api/payment-config',
    'GET /api/deal-terms',
    'POST /api/sandbox/payment_intents/:id/confirm',
    'GET /api/unsubscribe/messages',
    'POST /api/unsubscribe/messages',
  ],
  signedIn: [
    'GET /api/jwt',
    'GET /api/users/admin/:email',
    'GET /api/users/buyer/:email',
    'GET /api/users/seller/:email',
    'POST /api/reports',
    'POST /api/images',
    'GET /api/orders/:id',
    'POST /api/conversations',
    'GET /api/conversations',
    'GET /api/conversations/:id',
    'POST /api/conversations/:id/messages',
    'POST /api/conversations/:id/read',
    'GET /api/conversations/unread',
    'GET /api/live',
    'POST /api/conversations/:id/block',
    'DELETE /api/conversations/:id/block',
    'GET /api/blocks',
    'DELETE /api/blocks/:id',
    'POST /api/conversations/:id/reports',
    'GET /api/settings',
    'PATCH /api/settings',
  ],
  seller: [
    'POST /api/products',
    'GET /api/myProducts',
    'PUT /api/myProducts',
    'PATCH /api/myProducts/:id',
    'DELETE /api/myProducts',
    'GET /api/myBuyers',
    'POST /api/orders/:id/handover',
    'POST /api/orders/:id/seller-cancel',
    'GET /api/payout-account',
    'POST /api/payout-account/onboarding',
    'POST /api/payout-account/refresh',
    'GET /api/earnings',
    'GET /api/earnings/csv',
    'GET /api/payouts',
    'POST /api/sandbox/accounts/:id/onboard',
  ],
  buyer: [
    'POST /api/myOrders',
    'GET /api/myOrders',
    'GET /api/myOrders/:id',
    'DELETE /api/myOrders/:id',
    'POST /api/create-payment-intent',
    'POST /api/payments',
    'POST /api/orders/:id/received',
    'POST /api/orders/:id/dispute',
  ],
  admin: [
    'GET /api/reports',
    'PUT /api/reports/:id/dismiss',
    'DELETE /api/reports/:id',
    'GET /api/allSellers',
    'GET /api/allBuyers',
    'GET /api/allUsers',
    'PUT /api/verifySeller',
    'PUT /api/makeAdmin',
    'DELETE /api/deleteSeller',
    'DELETE /api/allBuyers',
    'DELETE /api/deleteUser',
    'GET /api/admin/activity',
    'GET /api/admin/conversation-reports',
    'GET /api/admin/conversation-reports/:id/thread',
    'PUT /api/admin/conversation-reports/:id/dismiss',
    'PUT /api/admin/conversation-reports/:id/messaging-ban',
    'DELETE /api/admin/conversation-reports/:id/messaging-ban',
    'GET /api/admin/disputes',
    'GET /api/admin/disputes/:id',
    'GET /api/admin/disputes/:id/thread',
    'POST /api/admin/disputes/:id/settle',
    'GET /api/admin/money',
  ],
} as const;

/** Registered only without Stripe keys: the sandbox's stand-in for Stripe.js. */
export const sandboxOnlyRoutes = [
  'POST /api/sandbox/payment_intents/:id/confirm',
  'POST /api/sandbox/accounts/:id/onboard',
] as const;

/** Registered only with Stripe keys; fuzzed in stripe-webhook.test.ts on such an app. */
export const stripeOnlyRoutes = ['POST /api/webhooks/stripe'] as const;

/**
 * better-auth's endpoints (served by the library under /api/auth/*, so not in the
 * router's list): every one the web client calls, and the link in the reset email.
 * Fuzzed in auth-routes.test.ts.
 */
export const fuzzedAuthRoutes = [
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-in/social',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'GET /api/auth/reset-password/:token',
  'GET /api/auth/get-session',
  'POST /api/auth/update-user',
  'POST /api/auth/sign-out',
  'POST /api/auth/revoke-sessions',
] as const;

export function splitRoute(route: string): { method: string; url: string } {
  const [method, url] = route.split(' ') as [string, string];
  return { method, url };
}
