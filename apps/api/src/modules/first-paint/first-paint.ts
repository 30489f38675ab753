import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cataloguePageDataId,
  categoryPagePath,
  laptopPagePath,
  sellerPagePath,
  type CataloguePageData,
  type FirstPageData,
} from '@laptops/shared/first-page';
import { firstRequestPaths, homeRequestPaths } from '@laptops/shared/first-requests';
import {
  readFilters,
  searchRequestPath,
  writeFilters,
  type SearchFilters,
} from '@laptops/shared/search-filters';
import { searchQuerySchema, type SearchResult } from '@laptops/shared/search';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../auth/viewer.ts';
import type { FirstPaint } from '../../plugins/static-client.ts';
import { listCategories } from '../categories/categories.service.ts';
import { searchProducts } from '../search/search.service.ts';
import { laptopPage } from './laptop-page.ts';
import { sellerPage } from './seller-page.ts';

/**
 * Draws a search, category or laptop page (its path and query) from its first answers:
 * the web client's own components, built for Node (apps/web src/first-paint/render-pages.tsx).
 */
export type RenderCataloguePage = (url: string, data: FirstPageData) => string;

/** The key under which GET /api/search keeps an answer in the list cache, for everyone. */
export function searchCacheKey(query: unknown): string {
  return `search:${JSON.stringify(query)}`;
}

/**
 * What a page's HTML gets besides what the build wrote into it.
 *
 * Search and category pages are drawn here with their first results (`render`), and
 * their HTML carries the answers they were drawn from (the session, the category
 * names, the first results), so the visitor sees the laptops before any script has
 * run and the app starts from those answers instead of asking again. Without
 * `render` (no web build), or when drawing fails, they get preload links for those
 * requests instead, so the browser fetches them while it downloads the code.
 * Either way the first card's picture, the page's largest paint, is preloaded.
 *
 * Home: preload links for the session and its three lists (the same for everyone).
 * A laptop's page: drawn with the laptop, with its sharing and search tags (laptop-page.ts).
 * A seller's profile: drawn with the profile, its title and description (seller-page.ts).
 *
 * The results are made here and kept in the list cache, so a request for them by the
 * page (a preload, or the app refreshing them) is answered from it.
 */
export function firstPaint(
  app: FastifyInstance,
  db: Db,
  render: RenderCataloguePage | undefined,
  deadlineMs: number,
  publicUrl: string,
) {
  return async (request: FastifyRequest): Promise<FirstPaint> => {
    const started = Date.now();
    const url = new URL(request.url, 'http://page');
    if (url.pathname === '/') {
      return app.pageCache.rememberValue('/', async () => ({
        head: homeRequestPaths.map(preloadFetch),
        shared: true,
      }));
    }
    const laptopId = laptopPagePath.exec(url.pathname)?.[1]?.toLowerCase();
    if (laptopId) {
      if (await request.getViewer())
        return laptopPage(app, db, render, publicUrl, request, laptopId);
      // A guest's laptop page is every guest's: drawn once and handed out, like theirs below.
      return app.pageCache.rememberValue(`/laptops/${laptopId}`, async () => ({
        ...(await laptopPage(app, db, render, publicUrl, request, laptopId)),
        shared: true,
      }));
    }
    const sellerId = sellerPagePath.exec(url.pathname)?.[1];
    if (sellerId) {
      if (await request.getViewer())
        return sellerPage(app, db, render, publicUrl, request, sellerId);
      // A guest's profile is every guest's: drawn once and handed out, like a laptop's.
      return app.pageCache.rememberValue(`/sellers/${sellerId}`, async () => ({
        ...(await sellerPage(app, db, render, publicUrl, request, sellerId)),
        shared: true,
      }));
    }
    const categoryId = categoryPagePath.exec(url.pathname)?.[1];
    if (!categoryId && url.pathname !== '/search') return { head: [] };
    const viewer = await request.getViewer();
    // A member's page carries their session (their name in the navbar): drawn for them.
    if (viewer) return cataloguePage(request, url, categoryId, viewer, started);
    // A guest's page is every guest's: drawn once, and handed out for a moment (a page
    // costs some 40 times its results' JSON to draw and compress). Kept by the filters
    // it shows, so a link's order of parameters or its extras (utm_source, fbclid)
    // neither draw it again nor push other pages out.
    const pageKey = `${url.pathname}?${writeFilters(readFilters(url.searchParams)).toString()}`;
    return app.pageCache.rememberValue(pageKey, async () => ({
      ...(await cataloguePage(request, url, categoryId, null, started)),
      shared: true,
    }));
  };

  async function cataloguePage(
    request: FastifyRequest,
    url: URL,
    categoryId: string | undefined,
    viewer: Viewer | null,
    started: number,
  ): Promise<FirstPaint> {
    const filters: SearchFilters = categoryId
      ? { ...readFilters(url.searchParams), category: categoryId }
      : readFilters(url.searchParams);
    // As the page reads its address (the web client's searchPageRequest).
    const scope = { includeSold: Boolean(categoryId) };
    const apiPath = searchRequestPath(filters, scope);
    const links = [
      preloadFetch(firstRequestPaths.session),
      preloadFetch(firstRequestPaths.categories),
      preloadFetch(apiPath),
    ];
    const query = searchQuerySchema.safeParse(
      Object.fromEntries(new URL(apiPath, 'http://page').searchParams),
    );
    if (!query.success) return { head: links };
    // The category names only matter to a page drawn here: asked for beside the results.
    const [cached, categories] = await Promise.all([
      app.listCache
        .remember(searchCacheKey(query.data), () => searchProducts(db, query.data))
        .catch(() => undefined),
      render ? listCategories(db).catch(() => undefined) : undefined,
    ]);
    if (!cached) return { head: links };
    const results = JSON.parse(cached.json) as SearchResult;
    const first = results.products[0];
    const picture = first
      ? [
          `<link rel="preload" as="image" href="${escapeAttribute(first.thumbnail)}" fetchpriority="high">`,
        ]
      : [];
    // Past the deadline the page has gone out without this: drawing it would only hold
    // up the requests behind it.
    if (!render || !categories || Date.now() - started > deadlineMs) {
      return { head: [...links, ...picture] };
    }

    try {
      const data: CataloguePageData = {
        session: viewer,
        categories,
        search: { filters, scope, results },
      };
      const markup = render(url.pathname + url.search, data);
      // React puts the preloads it finds (pictures) first: they belong in the head.
      const hoisted = /^(?:<link [^>]*\/>)*/.exec(markup)?.[0] ?? '';
      return {
        head: [
          ...picture,
          hoisted,
          `<script type="application/json" id="${cataloguePageDataId}">${scriptJson(data)}</script>`,
        ],
        root: markup.slice(hoisted.length),
        // The signed-in visitor's session: their name, their email.
        personal: viewer !== null,
      };
    } catch (error) {
      request.log.error({ err: error }, 'could not draw the page; the app will');
      return { head: [...links, ...picture] };
    }
  }
}

/**
 * A page of one record (a laptop, a seller) drawn with its data: React's markup as the
 * root and the data in the head, for the app to take over with. Without a renderer, or
 * when drawing throws, it goes out undrawn with a preload of its API answer, and the
 * app draws it.
 */
export function drawRecordPage(page: {
  request: FastifyRequest;
  render: RenderCataloguePage | undefined;
  path: string;
  data: FirstPageData;
  apiPath: string;
  paint: { title: string; description: string; personal: boolean };
  head: string[];
}): FirstPaint {
  const { request, render, path, data, apiPath, paint, head } = page;
  if (!render) return { ...paint, head: [...head, preloadFetch(apiPath)] };
  try {
    const markup = render(path, data);
    // React puts the preloads and the <title> it finds first: the head has its own.
    const hoisted = /^(?:<link [^>]*\/>|<title>[^<]*<\/title>)*/.exec(markup)?.[0] ?? '';
    return {
      ...paint,
      head: [
        ...head,
        `<script type="application/json" id="${cataloguePageDataId}">${scriptJson(data)}</script>`,
      ],
      root: markup.slice(hoisted.length),
    };
  } catch (error) {
    request.log.error({ err: error, path }, 'could not draw the page; the app will');
    return { ...paint, head: [...head, preloadFetch(apiPath)] };
  }
}

/** JSON inside a <script> element: no `<` that could close it or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/** `crossorigin` makes the preload's request the same as the page's fetch(). */
export function preloadFetch(href: string): string {
  return `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`;
}

export function escapeAttribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
