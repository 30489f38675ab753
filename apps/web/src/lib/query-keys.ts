import type { SearchFilters } from '@laptops/shared/search-filters';

/*
 * The query cache's keys, one factory per kind of data. Every query, cache write and
 * refresh takes its key from here, so:
 * - a key always holds one shape of data, whichever fetcher filled it;
 * - a write in one feature can refresh another feature's lists (a sale changes the
 *   catalogue) without importing that feature;
 * - the first paint can put a page's answers into the cache under the keys the page's
 *   queries read (first-paint/catalogue-page-data.ts) without taking their code along.
 * Each kind is its own export, so Home's download takes only the ones it uses.
 * `all` is the prefix of every key of that kind: refreshing it refreshes them all.
 */

/** The signed-in user, or null. */
export const sessionKeys = { all: ['session'] as const };

/** The signed-in user's settings (emails about unread messages). */
export const settingsKeys = { all: ['settings'] as const };

/** Which ways of signing in the server offers. */
export const authOptionKeys = { all: ['auth-options'] as const };

/** The category list (Category[]): Home's tiles, the filters and the seller's select. */
export const categoryKeys = { all: ['categories'] as const };

/** Laptops for sale, in every list the catalogue shows. */
export const productKeys = {
  all: ['products'] as const,
  latest: () => [...productKeys.all, 'latest'] as const,
  advertised: () => [...productKeys.all, 'advertised'] as const,
  /** Pages of search results; a category page also lists sold laptops (`includeSold`). */
  search: (filters: SearchFilters, scope: { includeSold?: boolean }) =>
    [...productKeys.all, 'search', filters, scope] as const,
  /** How many laptops each spec filter's choice would find (SpecCounts). */
  searchCounts: (filters: SearchFilters, scope: { includeSold?: boolean }) =>
    [...productKeys.all, 'search-counts', filters, scope] as const,
  /** One laptop's page (ProductDetails). */
  details: (id: string) => [...productKeys.all, 'details', id] as const,
};

/** The buyer's orders, and single orders as the order page shows them. */
export const orderKeys = {
  all: ['my-orders'] as const,
  /** One of the buyer's own orders, as the payment page reads it. */
  mine: (id: string) => [...orderKeys.all, id] as const,
  /** One order with its laptop, buyer and seller, for its buyer or its seller. */
  details: (id: string) => [...orderKeys.all, 'page', id] as const,
};

/** The viewer's conversations (the inbox) and each thread. */
export const conversationKeys = {
  all: ['conversations'] as const,
  thread: (id: string) => [...conversationKeys.all, id] as const,
  /** The navbar's count of unread messages. */
  unread: ['conversations', 'unread'] as const,
};

/** The buyer's saved laptops: the Saved page's list, and the ids the cards' hearts read. */
export const favouriteKeys = {
  all: ['favourites'] as const,
  ids: ['favourites', 'ids'] as const,
};

/** The people the viewer blocked (their profile lists them). */
export const blockKeys = { all: ['blocks'] as const };

/** The seller's laptops, and the people who bought them. */
export const sellerKeys = {
  products: ['my-products'] as const,
  buyers: ['my-buyers'] as const,
};

/** A seller's public profile, and the later pages of their reviews. */
export const sellerProfileKeys = {
  all: ['seller-profile'] as const,
  profile: (id: string) => [...sellerProfileKeys.all, id] as const,
};

/** The admin's lists, all under one prefix: one refresh after any admin action. */
export const adminKeys = {
  all: ['admin'] as const,
  /** `params`: the page, its size and what else narrows the list. */
  users: (kind: string, params: object) => [...adminKeys.all, 'users', kind, params] as const,
  reports: (params: object) => [...adminKeys.all, 'reports', params] as const,
  activity: (params: object) => [...adminKeys.all, 'activity', params] as const,
  conversationReports: (params: object) =>
    [...adminKeys.all, 'conversation-reports', params] as const,
  /** A reported thread, read through its report. */
  reportedThread: (reportId: string) => [...adminKeys.all, 'reported-thread', reportId] as const,
  disputes: (params: object) => [...adminKeys.all, 'disputes', params] as const,
  /** One dispute with its deal, and the deal's thread read through it. */
  dispute: (id: string) => [...adminKeys.all, 'dispute', id] as const,
  disputeThread: (id: string) => [...adminKeys.all, 'dispute-thread', id] as const,
  /** The Money page's report: `params` are its period and bucket. */
  money: (params: object) => [...adminKeys.all, 'money', params] as const,
};

/** The platform's fee and when held money is released (GET /api/deal-terms). */
export const dealTermsKeys = { all: ['deal-terms'] as const };

/** The seller's money: their balances and sales, their payout account, their payouts. */
export const earningsKeys = {
  all: ['earnings'] as const,
  summary: ['earnings', 'summary'] as const,
  account: ['earnings', 'payout-account'] as const,
  payouts: ['earnings', 'payouts'] as const,
};
