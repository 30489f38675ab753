import { describe, expect, it } from 'vitest';
import { defaultFilters, readFilters, writeFilters, type SearchFilters } from './search-filters.ts';

const category = '3f2b8c1e-7a4d-4e2f-9b1a-5c6d7e8f9a0b';

describe('search params', () => {
  it('round-trips every filter through the URL', () => {
    const filters: SearchFilters = {
      q: 'thinkpad x1',
      category,
      condition: 'Good',
      minPrice: '300',
      maxPrice: '899.5',
      location: 'Boston, MA',
      maxYears: '3',
      sort: 'price_asc',
    };
    const params = writeFilters(filters);
    expect(params.toString()).toBe(
      `q=thinkpad+x1&category=${category}&condition=Good&minPrice=300&maxPrice=899.5&location=Boston%2C+MA&maxYears=3&sort=price_asc`,
    );
    expect(readFilters(new URLSearchParams(params.toString()))).toEqual(filters);
  });

  it('leaves defaults and empty values out of the URL', () => {
    expect(writeFilters(defaultFilters).toString()).toBe('');
    expect(writeFilters({ ...defaultFilters, q: '  ', location: 'Austin ' }).toString()).toBe(
      'location=Austin',
    );
    expect(readFilters(new URLSearchParams())).toEqual(defaultFilters);
  });

  it('drops values the API would refuse instead of breaking the page', () => {
    const filters = readFilters(
      new URLSearchParams(
        'q=%20mac%20&category=nope&condition=Mint&minPrice=abc&maxPrice=-5&maxYears=1.5&sort=cheapest&cursor=x',
      ),
    );
    expect(filters).toEqual({ ...defaultFilters, q: 'mac' });
  });
});
