import { describe, expect, it } from 'vitest';
import { defaultFilters } from './search-filters.ts';
import { describeSavedSearch, savedFiltersOf } from './saved-search-filters.ts';

describe('a saved search', () => {
  it('keeps the "checked by the laptop" filters and says them in words', () => {
    const kept = savedFiltersOf({
      ...defaultFilters,
      q: 'thinkpad',
      deviceSpecs: 'true',
      serialChecked: 'true',
    });
    expect(kept).toEqual({ q: 'thinkpad', deviceSpecs: 'true', serialChecked: 'true' });
    expect(describeSavedSearch(kept, 'Lenovo')).toBe(
      '“thinkpad” · Lenovo · device-reported specs · serial checked',
    );
  });
});
