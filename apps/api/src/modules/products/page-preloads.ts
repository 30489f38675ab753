import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firstRequestPaths, homeRequestPaths } from '@laptops/shared/first-requests';
import { readFilters, searchRequestPath, type SearchFilters } from '@laptops/shared/search-filters';
import { searchQuerySchema, type SearchResult } from '@laptops/shared/search';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../plugins/auth.ts';
import { searchProducts } from './search.service.ts';

/** The key under which GET /api/search keeps an answer in the list cache. */
export function searchCacheKey(viewer: Viewer | null, query: unknown): string {
  return `search:${viewer ? 'member' : 'guest'}:${JSON.stringify(query)}`;
}

const categoryPage = /^\/category\/([0-9a-f-]{36})\/?$/i;

/**
 * What Home, a search or a category page will ask for as soon as its code runs, as
 * preload links for the page's HTML. Home: the session and its three lists. Search and
 * category pages: the session, the category names, the first results
 * (the very request the page makes: searchRequestPath) and the first card's picture,
 * the page's largest paint. The browser fetches them while it downloads the code,
 * instead of one after the other once the code has run. The results are made here
 * and kept in the list cache, so the page's own request is answered from it.
 */
export function firstPaintPreloads(app: FastifyInstance, db: Db) {
  return async (request: FastifyRequest): Promise<string[]> => {
    const url = new URL(request.url, 'http://page');
    // Home draws its three lists as soon as its code runs; asked for here, they arrive
    // while the code downloads instead of after it (they are the same for everyone).
    if (url.pathname === '/') return homeRequestPaths.map(preloadFetch);
    const categoryId = categoryPage.exec(url.pathname)?.[1];
    if (!categoryId && url.pathname !== '/search') return [];
    const viewer = await request.getViewer();
    // A category page is for signed-in users: anyone else is sent to the login page.
    if (categoryId && !viewer) return [preloadFetch(firstRequestPaths.session)];

    const filters: SearchFilters = categoryId
      ? { ...readFilters(url.searchParams), category: categoryId }
      : readFilters(url.searchParams);
    const apiPath = searchRequestPath(filters, { includeSold: Boolean(categoryId) });
    const links = [
      preloadFetch(firstRequestPaths.session),
      preloadFetch(firstRequestPaths.categories),
      preloadFetch(apiPath),
    ];
    const query = searchQuerySchema.safeParse(
      Object.fromEntries(new URL(apiPath, 'http://page').searchParams),
    );
    if (!query.success) return links;
    const cached = await app.listCache
      .remember(searchCacheKey(viewer, query.data), () => searchProducts(db, query.data, viewer))
      .catch(() => undefined);
    const first = cached && (JSON.parse(cached.json) as SearchResult).products[0];
    if (first) {
      links.push(
        `<link rel="preload" as="image" href="${escapeAttribute(first.thumbnail)}" fetchpriority="high">`,
      );
    }
    return links;
  };
}

/** `crossorigin` makes the preload's request the same as the page's fetch(). */
function preloadFetch(href: string): string {
  return `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`;
}

function escapeAttribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
