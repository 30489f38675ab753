import { describe, expect, it } from 'vitest';
import type { CataloguePageData } from '@laptops/shared/first-page';
import type { SearchResult } from '@laptops/shared/search';
import {
  searchInfiniteQueryOptions,
  searchPageRequest,
} from '../features/search/api/search-products.ts';
import { categoriesQueryOptions } from '../lib/get-categories.ts';
import { sessionQueryOptions } from '../lib/get-session.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { productQueryOptions } from '../features/products/api/get-product.ts';
import { makeProductDetails } from '../testing/factories.ts';
import { seedFirstPage } from './catalogue-page-data.ts';

describe('seedFirstPage', () => {
  it('puts the answers under the keys the page’s own queries read', () => {
    const { filters, scope } = searchPageRequest(new URLSearchParams('q=dell'), 'c1');
    const results = { items: [], nextCursor: null } as unknown as SearchResult;
    const data: CataloguePageData = {
      session: null,
      categories: [{ _id: 'c1', name: 'Dell', image: 'https://example.com/dell.png' }],
      search: { filters, scope: { includeSold: Boolean(scope.includeSold) }, results },
    };
    const queryClient = createQueryClient();

    seedFirstPage(queryClient, data);

    expect(queryClient.getQueryState(sessionQueryOptions().queryKey)?.status).toBe('success');
    expect(queryClient.getQueryData(categoriesQueryOptions().queryKey)).toBe(data.categories);
    expect(
      queryClient.getQueryData(searchInfiniteQueryOptions(filters, scope).queryKey)?.pages,
    ).toEqual([results]);
    queryClient.clear();
  });

  it("puts a laptop page's laptop where the page reads it", () => {
    const product = makeProductDetails();
    const queryClient = createQueryClient();

    seedFirstPage(queryClient, { session: null, product });

    expect(queryClient.getQueryData(sessionQueryOptions().queryKey)).toBeNull();
    expect(queryClient.getQueryData(productQueryOptions(product._id).queryKey)).toBe(product);
    queryClient.clear();
  });
});
