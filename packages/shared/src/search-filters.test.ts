import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conditionTypes } from './conditions.ts';
import { cpuFamilies, storageTypes } from './laptop-specs.ts';
import { searchQuerySchema } from './search.ts';
import {
  defaultFilters,
  leftOutFilters,
  readFilters,
  searchSorts,
  writeFilters,
  type SearchFilters,
} from './search-filters.ts';

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
      ramMin: '16',
      storageMin: '512',
      storageType: 'SSD',
      screenMin: '13.3',
      screenMax: '14',
      batteryMin: '85',
      cpu: 'intel-core-i7',
      deviceSpecs: 'true',
      serialChecked: 'true',
      sort: 'price_asc',
    };
    const params = writeFilters(filters);
    expect(params.toString()).toBe(
      `q=thinkpad+x1&category=${category}&condition=Good&minPrice=300&maxPrice=899.5&location=Boston%2C+MA&maxYears=3&ramMin=16&storageMin=512&storageType=SSD&screenMin=13.3&screenMax=14&batteryMin=85&cpu=intel-core-i7&deviceSpecs=true&serialChecked=true&sort=price_asc`,
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

  it('drops values the API would refuse instead of breaking the page, and names them', () => {
    const params = new URLSearchParams(
      'q=%20mac%20&category=nope&condition=Mint&minPrice=abc&maxPrice=-5&location=&maxYears=1.5&sort=cheapest&cursor=x',
    );
    expect(readFilters(params)).toEqual({ ...defaultFilters, q: 'mac' });
    expect(leftOutFilters(params)).toEqual([
      'category',
      'condition',
      'minPrice',
      'maxPrice',
      'maxYears',
      'sort',
    ]);
    expect(leftOutFilters(new URLSearchParams('q=mac&minPrice=1e3&sort=newest'))).toEqual([]);
  });

  it('cuts text too long to what the API takes, rather than dropping it', () => {
    const long = `${'a'.repeat(199)}😀 and more`;
    const params = new URLSearchParams({ q: long, location: `  ${'b'.repeat(150)}` });
    expect(readFilters(params).q).toBe('a'.repeat(199));
    expect(readFilters(params).location).toBe('b'.repeat(120));
    expect(leftOutFilters(params)).toEqual([]);
  });
});

describe('readFilters checks values as the API does', () => {
  const shape = searchQuerySchema.shape;
  /** What the API's own schema makes of one filter's text: the value, or '' if refused. */
  function bySchema(
    key:
      | 'q'
      | 'category'
      | 'minPrice'
      | 'maxPrice'
      | 'location'
      | 'maxYears'
      | 'ramMin'
      | 'storageMin'
      | 'screenMin'
      | 'screenMax'
      | 'batteryMin',
    raw: string,
  ) {
    const text = raw.trim();
    if (text === '') return '';
    const parsed = shape[key].safeParse(text);
    return parsed.success && parsed.data !== undefined ? String(parsed.data) : '';
  }
  const values = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 260 }),
    fc.uuid(),
    fc.uuid().map((id) => id.toUpperCase()),
    // Shaped like one, any version and variant digits.
    fc.stringMatching(
      /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    ),
    fc.double().map(String),
    fc.integer({ min: -5, max: 100_005 }).map(String),
    fc.constantFrom(
      ' 12 ',
      '1e3',
      '0x10',
      '12.50',
      'Infinity',
      '-0',
      '00000000-0000-0000-0000-000000000000',
      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'a\u0000b',
      'x'.repeat(201),
      'y'.repeat(120),
    ),
  );

  for (const key of ['q', 'location'] as const) {
    it(`gives the schema's value for ${key}, or a beginning of the text the schema takes`, () => {
      fc.assert(
        fc.property(values, (raw) => {
          const read = readFilters(new URLSearchParams({ [key]: raw }))[key];
          const expected = bySchema(key, raw);
          if (expected !== '' || raw.includes('\u0000')) expect(read).toBe(expected);
          else {
            expect(raw.trim().startsWith(read)).toBe(true);
            expect(bySchema(key, read)).toBe(read);
          }
        }),
        { numRuns: 1000 },
      );
    });
  }

  for (const key of [
    'category',
    'minPrice',
    'maxPrice',
    'maxYears',
    'ramMin',
    'storageMin',
    'screenMin',
    'screenMax',
    'batteryMin',
  ] as const) {
    it(`agrees with the schema on ${key}`, () => {
      fc.assert(
        fc.property(values, (raw) => {
          expect(readFilters(new URLSearchParams({ [key]: raw }))[key]).toBe(bySchema(key, raw));
        }),
        { numRuns: 1000 },
      );
    });
  }

  it('agrees with the schema on condition and sort', () => {
    const words = fc.oneof(
      fc.string(),
      fc.constantFrom(...conditionTypes, ...searchSorts, ' Good', 'good'),
    );
    fc.assert(
      fc.property(words, (raw) => {
        const filters = readFilters(new URLSearchParams({ condition: raw, sort: raw }));
        const condition = shape.condition.safeParse(raw);
        const sort = shape.sort.safeParse(raw);
        expect(filters.condition).toBe((condition.success && condition.data) || '');
        expect(filters.sort).toBe(sort.success ? sort.data : 'newest');
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with the schema on storageType and cpu', () => {
    const words = fc.oneof(
      fc.string(),
      fc.constantFrom(...storageTypes, ...cpuFamilies, 'ssd', ' SSD', 'Apple M1'),
    );
    fc.assert(
      fc.property(words, (raw) => {
        const filters = readFilters(new URLSearchParams({ storageType: raw, cpu: raw }));
        const storageType = shape.storageType.safeParse(raw);
        const cpu = shape.cpu.safeParse(raw);
        expect(filters.storageType).toBe((storageType.success && storageType.data) || '');
        expect(filters.cpu).toBe((cpu.success && cpu.data) || '');
      }),
      { numRuns: 500 },
    );
  });
});
