import type { SessionUser } from './auth.ts';
import type { Category } from './categories.ts';
import type { ProductDetails } from './products.ts';
import type { SearchResult } from './search.ts';
import type { SellerProfile } from './sellers.ts';
import type { SearchFilters } from './search-filters.ts';

/**
 * What the server writes into a search or category page's HTML beside the page's
 * markup: the answers its first requests would get (the session, the category names,
 * the first results). The app starts from them instead of asking again.
 */
export type CataloguePageData = {
  session: SessionUser | null;
  categories: Category[];
  /**
   * The first results, with the filters and scope the page reads from its address
   * (its query cache key: the web client's searchPageRequest), so the app need not
   * parse the address before its first render.
   */
  search: { filters: SearchFilters; scope: { includeSold: boolean }; results: SearchResult };
};

/** The same for a laptop's page: the session and the laptop. */
export type LaptopPageData = { session: SessionUser | null; product: ProductDetails };

/** The same for a seller's profile: the session and the profile. */
export type SellerPageData = { session: SessionUser | null; seller: SellerProfile };

/** What a page the server drew carries: one of the above. */
export type FirstPageData = CataloguePageData | LaptopPageData | SellerPageData;

/** The id of the `<script type="application/json">` element that carries it. */
export const cataloguePageDataId = 'catalogue-page-data';

/** A category page's address; its id is the category's. */
export const categoryPagePath = /^\/category\/([0-9a-f-]{36})\/?$/i;

/** A seller's profile address; its id is the seller's account id. */
export const sellerPagePath = /^\/sellers\/([A-Za-z0-9_-]{1,64})\/?$/;

/** A laptop's page address; its id is the laptop's. */
export const laptopPagePath = /^\/laptops\/([0-9a-f-]{36})\/?$/i;
