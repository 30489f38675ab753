import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@laptops/shared/products';
import type { SearchResult, SpecCounts } from '@laptops/shared/search';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { SearchPage } from './search-page.tsx';

const lenovo = '3f2b8c1e-7a4d-4e2f-9b1a-5c6d7e8f9a0b';

function makeProduct(id: string, name: string): Product {
  return {
    _id: id,
    name,
    image: `/api/images/${id}.webp`,
    thumbnail: `/api/images/${id}-thumb.webp`,
    location: 'Boston, MA',
    description: 'Works well.',
    category: lenovo,
    categoryName: 'Lenovo',
    conditionType: 'Good',
    dateOfPost: '2026-11-20T09:15:00.000Z',
    yearsOfUse: 2,
    originalPrice: 1299,
    resalePrice: 500,
    sellerId: 'u-marcus',
    sellerName: 'Marcus Lee',
    sellerImage: null,
    isVerified: false,
    sellerRating: null,
    status: 'available',
    isSold: false,
    isAdvertise: false,
    wasPrice: null,
    specs: {
      cpuModel: 'Core i7-1250U',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      screenInches: 13.4,
      batteryHealth: 90,
    },
  };
}

let searches: URLSearchParams[];
let answer: (params: URLSearchParams) => Response | Promise<Response>;
let countRequests: URLSearchParams[];
let counts: SpecCounts | undefined;

const pages: Record<string, SearchResult> = {
  first: {
    products: [makeProduct('p1', 'ThinkPad X1'), makeProduct('p2', 'ThinkPad T14')],
    total: 3,
    totalIsCapped: false,
    nextCursor: 'c2',
  },
  c2: {
    products: [makeProduct('p3', 'ThinkPad P1')],
    total: 3,
    totalIsCapped: false,
    nextCursor: null,
  },
};

beforeEach(() => {
  searches = [];
  countRequests = [];
  counts = undefined;
  answer = (params) => jsonResponse(pages[params.get('cursor') ?? 'first']);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/categories') {
        return jsonResponse([{ _id: lenovo, name: 'Lenovo', image: '/api/images/lenovo.webp' }]);
      }
      if (url.pathname === '/api/search') {
        searches.push(url.searchParams);
        return answer(url.searchParams);
      }
      if (url.pathname === '/api/search/counts' && counts) {
        countRequests.push(url.searchParams);
        return jsonResponse(counts);
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(entry: string, category?: { id: string; name: string }) {
  const { router, unmount } = renderWithProviders(
    <SearchPage
      category={category}
      renderGrid={(products) => (
        <ul aria-label="Laptops">
          {products.map((product) => (
            <li key={product._id}>{product.name}</li>
          ))}
        </ul>
      )}
    />,
    { path: category ? '/category/:id' : '/search', at: entry },
  );
  return { router, unmount, user: userEvent.setup() };
}

const shown = () =>
  within(screen.getByRole('list', { name: 'Laptops' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const plain = (params: URLSearchParams | undefined) => Object.fromEntries(params ?? []);

describe('SearchPage', () => {
  it('reads the filters from the URL, shows the count and loads more in place', async () => {
    const { user } = renderPage(
      `/search?q=thinkpad&category=${lenovo}&condition=Good&minPrice=300&sort=price_asc`,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Results for "thinkpad"');
    expect(screen.getByRole('status')).toBeTruthy();

    expect(await screen.findByText('3 laptops found')).toBeTruthy();
    expect(plain(searches[0])).toEqual({
      q: 'thinkpad',
      category: lenovo,
      condition: 'Good',
      minPrice: '300',
      sort: 'price_asc',
    });
    expect(shown()).toEqual(['ThinkPad X1', 'ThinkPad T14']);

    expect((screen.getByLabelText('Search text') as HTMLInputElement).value).toBe('thinkpad');
    expect((screen.getByLabelText('Condition') as HTMLSelectElement).value).toBe('Good');
    expect((screen.getByLabelText('Min price') as HTMLInputElement).value).toBe('300');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('price_asc');
    await waitFor(() =>
      expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe(lenovo),
    );

    const firstItem = within(screen.getByRole('list', { name: 'Laptops' })).getAllByRole(
      'listitem',
    )[0];
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(shown()).toEqual(['ThinkPad X1', 'ThinkPad T14', 'ThinkPad P1']));
    expect(plain(searches[1])).toEqual({ ...plain(searches[0]), cursor: 'c2' });
    // The cards already shown are the same elements, not a re-rendered list.
    expect(within(screen.getByRole('list', { name: 'Laptops' })).getAllByRole('listitem')[0]).toBe(
      firstItem,
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('3 laptops found')).toBeTruthy();
  });

  it('says so when the min price is above the max price, and does not search for it', async () => {
    const { router, user } = renderPage('/search');
    await screen.findByText('3 laptops found');
    await user.type(screen.getByLabelText('Min price'), '900');
    await user.type(screen.getByLabelText('Max price'), '300');
    // Not while typing: once the field is left.
    expect(screen.queryByRole('alert')).toBeNull();
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('The min price is above the max price.');
    expect(screen.getByLabelText('Min price').getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Min price'));
    await user.clear(screen.getByLabelText('Max price'));
    await user.type(screen.getByLabelText('Max price'), '1200');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('filters by specs, in the URL, and a shared link shows its spec choices', async () => {
    const { router, user } = renderPage('/search?batteryMin=87');
    await screen.findByText('3 laptops found');
    // Not one of the steps, but what the link asked for.
    expect((screen.getByLabelText('Battery health') as HTMLSelectElement).value).toBe('87');
    await user.selectOptions(screen.getByLabelText('Memory (RAM)'), '16');
    await user.selectOptions(screen.getByLabelText('Storage type'), 'SSD');
    await user.selectOptions(screen.getByLabelText('Screen up to'), '14');
    await user.selectOptions(screen.getByLabelText('Processor'), 'Apple M2');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(router.state.location.search).toBe(
      '?ramMin=16&storageType=SSD&screenMax=14&batteryMin=87&cpu=apple-m2',
    );
    await waitFor(() =>
      expect(plain(searches.at(-1))).toEqual({
        ramMin: '16',
        storageType: 'SSD',
        screenMax: '14',
        batteryMin: '87',
        cpu: 'apple-m2',
        sort: 'newest',
      }),
    );
  });

  it('shows beside each spec choice how many laptops it would find, for the search on screen', async () => {
    counts = {
      ramMin: { '8': 3, '16': 2, '32': 1, '64': 0 },
      storageMin: null,
      storageType: { SSD: 1200, HDD: 0, eMMC: 0 },
      screenMin: null,
      screenMax: null,
      batteryMin: null,
      cpu: null,
    };
    renderPage('/search?q=thinkpad&ramMin=16&sort=price_asc');
    await screen.findByText('3 laptops found');
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
    await waitFor(() =>
      expect(options('Memory (RAM)')).toEqual([
        'Any',
        '8 GB+ (3)',
        '16 GB+ (2)',
        '32 GB+ (1)',
        '64 GB+ (0)',
      ]),
    );
    expect(options('Storage type')).toEqual(['Any', 'SSD (1,200)', 'HDD (0)', 'eMMC (0)']);
    // Too many to count: no numbers rather than wrong ones.
    expect(options('Storage')).toContain('512 GB+');
    // Asked for the same search; the order of the results changes no count.
    expect(plain(countRequests[0])).toEqual({ q: 'thinkpad', ramMin: '16' });
  });

  it('counts the corrected words when the results are for them, and nothing for similar names', async () => {
    counts = {
      ramMin: { '8': 2, '16': 2, '32': 0, '64': 0 },
      storageMin: null,
      storageType: null,
      screenMin: null,
      screenMax: null,
      batteryMin: null,
      cpu: null,
    };
    answer = () =>
      jsonResponse({ ...pages.first, nextCursor: null, total: 2, correctedQuery: 'keyboard' });
    const { unmount } = renderPage('/search?q=keybaord');
    await waitFor(() => expect(plain(countRequests[0])).toEqual({ q: 'keyboard' }));
    unmount();

    answer = () => jsonResponse({ ...pages.first, nextCursor: null, total: 2, similarNames: true });
    renderPage('/search?q=mackbok');
    await screen.findByText(
      '2 laptops found · No exact matches; showing laptops with similar names',
    );
    expect(countRequests).toHaveLength(1);
  });

  it('puts applied filters in the URL and Clear removes them', async () => {
    const { router, user } = renderPage('/search');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search laptops');
    await screen.findByText('3 laptops found');
    expect(plain(searches[0])).toEqual({ sort: 'newest' });

    await user.type(screen.getByLabelText('Search text'), 'x1');
    await user.type(screen.getByLabelText('Max price'), '900');
    await user.type(screen.getByLabelText('Location'), 'Boston');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price_desc');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(router.state.location.search).toBe('?q=x1&maxPrice=900&location=Boston&sort=price_desc');
    await waitFor(() =>
      expect(plain(searches.at(-1))).toEqual({
        q: 'x1',
        maxPrice: '900',
        location: 'Boston',
        sort: 'price_desc',
      }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Results for "x1"');

    await user.click(screen.getByRole('link', { name: 'Clear' }));
    expect(router.state.location.search).toBe('');
    expect((screen.getByLabelText('Search text') as HTMLInputElement).value).toBe('');

    // Back restores the previous search, form included.
    await router.navigate(-1);
    await waitFor(() =>
      expect((screen.getByLabelText('Search text') as HTMLInputElement).value).toBe('x1'),
    );
  });

  it('applies a sort chosen above the results at once, with the filters chosen so far', async () => {
    const { router, user } = renderPage('/search?q=thinkpad');
    await screen.findByText('3 laptops found');
    const results = screen.getByRole('region', { name: 'Results' });
    await user.type(screen.getByLabelText('Max price'), '900');
    await user.selectOptions(within(results).getByLabelText('Sort by'), 'price_asc');

    expect(router.state.location.search).toBe('?q=thinkpad&maxPrice=900&sort=price_asc');
    await waitFor(() =>
      expect(plain(searches.at(-1))).toEqual({ q: 'thinkpad', maxPrice: '900', sort: 'price_asc' }),
    );
    // The visitor stays where they were: on the sort, which shows the new order.
    expect(document.activeElement).toBe(within(results).getByLabelText('Sort by'));
    expect((within(results).getByLabelText('Sort by') as HTMLSelectElement).value).toBe(
      'price_asc',
    );
    // The filters' form has no sort of its own.
    expect(within(screen.getByRole('search')).queryByLabelText('Sort by')).toBeNull();
  });

  it('says when nothing matches and offers to clear the filters, keeping the words', async () => {
    answer = () => jsonResponse({ products: [], total: 0, totalIsCapped: false, nextCursor: null });
    const { router, user } = renderPage('/search?q=zzz&condition=Fair');
    expect(await screen.findByText('No laptops match your search.')).toBeTruthy();
    expect(screen.queryByText(/laptops? found/)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?q=zzz');
  });

  it('does not count the words as a filter: with words alone it offers every laptop', async () => {
    answer = () => jsonResponse({ products: [], total: 0, totalIsCapped: false, nextCursor: null });
    const { router, user } = renderPage('/search?q=zzz');
    expect(await screen.findByText('No laptops match your search.')).toBeTruthy();
    expect(screen.getByText(/^Filters/, { selector: 'summary' }).textContent).toBe('Filters');
    expect(screen.queryByRole('link', { name: 'Clear filters' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Browse all laptops' }));
    expect(router.state.location.search).toBe('');
  });

  it('shows an error with a retry', async () => {
    answer = () => jsonResponse({ error: { code: 'INTERNAL', message: 'Boom' } }, 500);
    const { user } = renderPage('/search?q=mac');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the search results.');

    answer = (params) => jsonResponse(pages[params.get('cursor') ?? 'first']);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 laptops found')).toBeTruthy();
  });

  it('says "1 laptop found" for a single match', async () => {
    answer = () =>
      jsonResponse({
        products: [makeProduct('p1', 'MacBook Air')],
        total: 1,
        totalIsCapped: false,
        nextCursor: null,
      });
    renderPage('/search?q=air');
    expect(await screen.findByText('1 laptop found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('SearchPage result count', () => {
  it('shows "1,000+" when the server stopped counting', async () => {
    answer = () =>
      jsonResponse({
        products: [makeProduct('p1', 'ThinkPad X1')],
        total: 1000,
        totalIsCapped: true,
        nextCursor: 'c2',
      });
    renderPage('/search?q=laptop');
    expect(await screen.findByText('1,000+ laptops found')).toBeTruthy();
  });
});

describe('SearchPage on a category page', () => {
  const category = { id: lenovo, name: 'Lenovo' };

  it('names the category, asks for its laptops including sold ones, and has no category filter', async () => {
    renderPage(`/category/${lenovo}`, category);
    expect(screen.getByRole('heading', { level: 1, name: 'Lenovo laptops' })).toBeTruthy();
    await waitFor(() => expect(shown()).toEqual(['ThinkPad X1', 'ThinkPad T14']));
    expect(plain(searches[0])).toEqual({ category: lenovo, sort: 'newest', includeSold: 'true' });
    expect(screen.queryByLabelText('Category')).toBeNull();
  });

  it('keeps the category in the path when filters are applied, and pages on', async () => {
    const { router, user } = renderPage(`/category/${lenovo}`, category);
    await waitFor(() => expect(shown()).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Condition'), 'Good');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?condition=Good'));
    expect(router.state.location.pathname).toBe(`/category/${lenovo}`);
    await waitFor(() =>
      expect(plain(searches.at(-1))).toEqual({
        category: lenovo,
        condition: 'Good',
        sort: 'newest',
        includeSold: 'true',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(shown()).toEqual(['ThinkPad X1', 'ThinkPad T14', 'ThinkPad P1']));
  });

  it('says so when the category has no laptops, without offering to clear filters', async () => {
    answer = () => jsonResponse({ products: [], total: 0, totalIsCapped: false, nextCursor: null });
    renderPage(`/category/${lenovo}`, category);
    expect(await screen.findByText('No laptops in this category yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Clear filters' })).toBeNull();
  });
});

describe('SearchPage with a keyboard and a screen reader', () => {
  it('keeps the focus on Apply filters, and adds no history entry for the same filters', async () => {
    const { router, user } = renderPage('/search');
    await screen.findByText('3 laptops found');
    await user.selectOptions(screen.getByLabelText('Condition'), 'Good');
    const apply = screen.getByRole('button', { name: 'Apply filters' });
    await user.click(apply);
    await waitFor(() => expect(router.state.location.search).toBe('?condition=Good'));
    expect(document.activeElement).toBe(apply);

    const key = router.state.location.key;
    await user.click(apply);
    expect(router.state.location.key).toBe(key);
  });

  it('moves the focus to the first laptop Load more brought', async () => {
    const { user } = renderPage('/search');
    await screen.findByText('3 laptops found');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(shown()).toHaveLength(3));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('ThinkPad P1'));
  });

  it('leaves the focus where the visitor moved it while more laptops were loading', async () => {
    const { user } = renderPage('/search');
    await screen.findByText('3 laptops found');
    let arrive = () => {};
    answer = (params) =>
      params.get('cursor')
        ? new Promise((resolve) => (arrive = () => resolve(jsonResponse(pages.c2))))
        : jsonResponse(pages.first);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const field = screen.getByLabelText('Search text');
    await user.click(field);
    arrive();
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(document.activeElement).toBe(field);
  });

  it('tells a screen reader when nothing matches, and focuses the new count after Browse all laptops', async () => {
    answer = () => jsonResponse({ products: [], total: 0, totalIsCapped: false, nextCursor: null });
    const { user } = renderPage('/search?q=zzz');
    const status = await screen.findByText('No laptops match your search.');
    expect(status.getAttribute('aria-live')).toBe('polite');

    answer = (params) => jsonResponse(pages[params.get('cursor') ?? 'first']);
    await user.click(screen.getByRole('link', { name: 'Browse all laptops' }));
    await waitFor(() => expect(status.textContent).toBe('3 laptops found'));
    // The same live region: its change is announced.
    expect(screen.getByText('3 laptops found')).toBe(status);
    await waitFor(() => expect(document.activeElement).toBe(status));
  });

  it('says which filters of a link it could not use', async () => {
    renderPage('/search?q=mac&minPrice=abc&sort=cheapest');
    expect(await screen.findByText('3 laptops found')).toBeTruthy();
    expect(
      screen.getByText(
        'Some filters in this link could not be used and were left out: Min price, Sort by.',
      ),
    ).toBeTruthy();
    expect(plain(searches[0])).toEqual({ q: 'mac', sort: 'newest' });
  });

  it('says when the category in a link no longer exists', async () => {
    answer = () => jsonResponse({ products: [], total: 0, totalIsCapped: false, nextCursor: null });
    renderPage('/search?category=11111111-1111-4111-8111-111111111111');
    expect(await screen.findByText('The category in this link no longer exists.')).toBeTruthy();
  });

  it('counts the filters set on the closed phone disclosure', async () => {
    renderPage('/search?q=mac&condition=Good&ramMin=16&sort=price_asc');
    await screen.findByText('3 laptops found');
    // The words and the sort narrow nothing a filter does: not counted.
    expect(screen.getByText(/^Filters/, { selector: 'summary' }).textContent).toBe('Filters (2)');
  });
});

describe('SearchPage when the words matched nothing as typed', () => {
  it('says which search the results are for', async () => {
    answer = () =>
      jsonResponse({ ...pages.first, nextCursor: null, total: 2, correctedQuery: 'keyboard' });
    renderPage('/search?q=keybaord');
    expect(
      await screen.findByText('2 laptops found · No exact matches; showing results for "keyboard"'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Results for "keybaord"');
  });

  it('says when the results are laptops with similar names', async () => {
    answer = () => jsonResponse({ ...pages.first, nextCursor: null, total: 2, similarNames: true });
    renderPage('/search?q=mackbok');
    expect(
      await screen.findByText(
        '2 laptops found · No exact matches; showing laptops with similar names',
      ),
    ).toBeTruthy();
  });
});

describe('SearchPage when far more laptops have a near spelling of the words', () => {
  it('offers that search as a link that keeps the filters', async () => {
    answer = (params) =>
      jsonResponse({
        ...pages.c2,
        total: 1,
        ...(params.get('q') === 'thinkpda' ? { suggestedQuery: 'thinkpad' } : {}),
      });
    renderPage('/search?q=thinkpda&condition=Good&sort=price_asc');
    const link = await screen.findByRole('link', { name: 'thinkpad' });
    expect(link.closest('p')?.textContent).toBe('1 laptop found · Did you mean thinkpad?');
    expect(link.getAttribute('href')).toBe('/search?q=thinkpad&condition=Good&sort=price_asc');

    await userEvent.click(link);
    await waitFor(() => expect(searches.at(-1)?.get('q')).toBe('thinkpad'));
    const status = await screen.findByText('1 laptop found');
    expect(screen.queryByRole('link', { name: 'thinkpad' })).toBeNull();
    // The link went with the old results: the keyboard is on the new ones' count.
    await waitFor(() => expect(document.activeElement).toBe(status));
  });

  it('stays on the category page', async () => {
    answer = () => jsonResponse({ ...pages.c2, total: 1, suggestedQuery: 'thinkpad' });
    renderPage(`/category/${lenovo}?q=thinkpda`, { id: lenovo, name: 'Lenovo' });
    const link = await screen.findByRole('link', { name: 'thinkpad' });
    expect(link.getAttribute('href')).toBe(`/category/${lenovo}?q=thinkpad`);
  });
});
