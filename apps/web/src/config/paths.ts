/** A page without parameters: what the router matches, and its address under `parent`. */
const page = (path: string, parent = '') => ({ path, getHref: () => `${parent}/${path}` });
const dashboardPage = (path: string) => page(path, '/dashboard');

/**
 * Every page's address, in one place: `path` is what the router matches (relative to
 * its parent route, as the router nests them), `getHref` what a link or a redirect
 * goes to. Home downloads this file: keep it to addresses, with no imports.
 *
 * The server knows a few of these too (links in emails, the pages it draws first);
 * a change here needs the same change there.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  blogs: page('blogs'),
  faq: page('faq'),
  privacy: page('privacy'),
  terms: page('terms'),
  category: {
    path: 'category/:id',
    getHref: (id: string) => `/category/${encodeURIComponent(id)}`,
  },
  /** One laptop's page: photos, specs, seller; sold ones keep theirs. */
  laptop: {
    path: 'laptops/:id',
    getHref: (id: string) => `/laptops/${encodeURIComponent(id)}`,
  },
  /** A seller's public profile: rating, record, laptops for sale, reviews. */
  seller: {
    path: 'sellers/:id',
    getHref: (id: string) => `/sellers/${encodeURIComponent(id)}`,
  },
  /** What each condition grade means. */
  conditions: page('conditions'),
  search: {
    path: 'search',
    /** With `q`, the search for that text; `q` is written as the search page reads it. */
    getHref: (q?: string) => (q ? `/search?${new URLSearchParams({ q })}` : '/search'),
  },
  login: {
    path: 'login',
    /** `error`: why the last sign-in failed, which the login page then says. */
    getHref: (error?: string) => (error ? `/login?${new URLSearchParams({ error })}` : '/login'),
  },
  signUp: {
    path: 'signup',
    /** `as: 'seller'`: the form starts with Seller chosen (Home's Sell yours). */
    getHref: (as?: 'seller') => (as ? `/signup?as=${as}` : '/signup'),
  },
  /** Where the emailed reset link lands: `?token=...` (or `?error=INVALID_TOKEN`). */
  resetPassword: page('reset-password'),
  dashboard: {
    root: page('dashboard'),
    profile: dashboardPage('profile'),
    myOrders: dashboardPage('myorders'),
    /** The buyer's saved laptops (the hearts). The server links here from its emails. */
    saved: dashboardPage('saved'),
    payment: {
      path: 'payment/:id',
      getHref: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
    },
    order: {
      path: 'orders/:id',
      getHref: (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}`,
    },
    /** The inbox, and one conversation: for every signed-in person. */
    messages: dashboardPage('messages'),
    /** A buyer's or seller's saved searches and their email alerts. The server links here. */
    savedSearches: dashboardPage('saved-searches'),
    conversation: {
      path: 'messages/:id',
      getHref: (id: string) => `/dashboard/messages/${encodeURIComponent(id)}`,
    },
    addProduct: dashboardPage('addaproduct'),
    myProducts: dashboardPage('myproducts'),
    editProduct: {
      path: 'myproducts/:id/edit',
      getHref: (id: string) => `/dashboard/myproducts/${encodeURIComponent(id)}/edit`,
    },
    myBuyers: dashboardPage('mybuyers'),
    /** The seller's money and payouts; Stripe's onboarding form comes back here. */
    earnings: dashboardPage('earnings'),
    /** Test mode's stand-in for Stripe's onboarding form (`?account=`). The server links here. */
    testOnboarding: dashboardPage('earnings/test-onboarding'),
    allSellers: dashboardPage('allsellers'),
    allBuyers: dashboardPage('allbuyers'),
    allUsers: dashboardPage('allusers'),
    reportedItems: dashboardPage('reportedItems'),
    /** The admin's conversation reports, and one report beside the thread it is about. */
    reportedConversations: dashboardPage('reported-conversations'),
    reportedConversation: {
      path: 'reported-conversations/:id',
      getHref: (reportId: string) =>
        `/dashboard/reported-conversations/${encodeURIComponent(reportId)}`,
    },
    activity: dashboardPage('activity'),
    /** The admins' dispute console, and one dispute with its deal. */
    disputes: dashboardPage('disputes'),
    dispute: {
      path: 'disputes/:id',
      getHref: (id: string) => `/dashboard/disputes/${encodeURIComponent(id)}`,
    },
    money: dashboardPage('money'),
    /** The admins' queue of reported reviews. */
    reviewReports: dashboardPage('review-reports'),
    // The admins' verification photos and serial checks: dashboard-paths.ts (lazy).
  },
  notFound: { path: '*' },
} as const;
