/**
 * Requests a page makes as soon as its code runs, which the server also preloads from
 * the page's HTML (apps/api modules/first-paint). A preload is only used when it is
 * the very same request, so the web client's fetchers and the preload links both take
 * their paths from here (searchRequestPath does the same for searches).
 */
export const firstRequestPaths = {
  session: '/api/auth/get-session',
  categories: '/api/categories',
  advertisedProducts: '/api/advertiseProducts',
  latestProducts: '/api/latestProducts',
} as const;

/** Home's first requests: every page's session, then its three lists. */
export const homeRequestPaths = [
  firstRequestPaths.session,
  firstRequestPaths.advertisedProducts,
  firstRequestPaths.categories,
  firstRequestPaths.latestProducts,
];
