/**
 * Which fuzz file covers which route. Each file builds one app for its group; the
 * coverage test checks that together they cover every route of the router.
 */
export const fuzzedRoutes = {
  public: [
    'GET /api/health',
    'GET /api/categories',
    'GET /api/category/:id',
    'GET /api/advertiseProducts',
    'GET /api/latestProducts',
    'GET /api/search',
    'POST /api/contact',
    'GET /api/images/:key',
    'GET /api/auth-options',
    'GET /api/payment-config',
    'POST /api/sandbox/payment_intents/:id/confirm',
  ],
  signedIn: [
    'GET /api/jwt',
    'GET /api/users/admin/:email',
    'GET /api/users/buyer/:email',
    'GET /api/users/seller/:email',
    'POST /api/reports',
    'POST /api/images',
  ],
  seller: [
    'POST /api/products',
    'GET /api/myProducts',
    'PUT /api/myProducts',
    'DELETE /api/myProducts',
    'GET /api/myBuyers',
  ],
  buyer: [
    'POST /api/myOrders',
    'GET /api/myOrders',
    'GET /api/myOrders/:id',
    'DELETE /api/myOrders/:id',
    'POST /api/create-payment-intent',
    'POST /api/payments',
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
  ],
} as const;

export function splitRoute(route: string): { method: string; url: string } {
  const [method, url] = route.split(' ') as [string, string];
  return { method, url };
}
