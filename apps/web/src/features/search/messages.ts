/** The search and category pages' texts; they load with those pages, not with Home. */
export const searchMessages = {
  title: 'Search laptops',
  resultsFor: (q: string) => `Results for "${q}"`,
  filters: 'Filters',
  query: 'Search text',
  queryPlaceholder: 'Name or description',
  category: 'Category',
  anyCategory: 'Any category',
  condition: 'Condition',
  anyCondition: 'Any condition',
  conditions: { Excellent: 'Excellent', Good: 'Good', Fair: 'Fair' },
  minPrice: 'Min price',
  maxPrice: 'Max price',
  currency: '$',
  location: 'Location',
  locationPlaceholder: 'City or area',
  maxYears: 'Max years of use',
  trust: 'Checked by the laptop',
  deviceSpecs: 'Device-reported specs only',
  serialChecked: 'Serial checked',
  trustHints: {
    deviceSpecs: 'Processor, memory, storage and battery health read from the laptop’s own report',
    serialChecked: 'Serial number given, not reported stolen, listed by no other seller',
  },
  specs: 'Specs',
  ramMin: 'Memory (RAM)',
  storageMin: 'Storage',
  storageType: 'Storage type',
  screenMin: 'Screen from',
  screenMax: 'Screen up to',
  batteryMin: 'Battery health',
  cpu: 'Processor',
  any: 'Any',
  // Short: two of these share a row of the desktop sidebar.
  atLeastGb: (gb: number) => (gb >= 1024 ? `${gb / 1024} TB+` : `${gb} GB+`),
  inches: (n: number) => `${n}″`,
  atLeastPercent: (n: number) => `${n}% or more`,
  /** A filter's choice with how many laptops it would find, when the server counted them. */
  withCount: (choice: string, n: number | undefined) =>
    n === undefined ? choice : `${choice} (${n.toLocaleString('en-US')})`,
  sort: 'Sort by',
  sorts: {
    newest: 'Newest first',
    price_asc: 'Price: low to high',
    price_desc: 'Price: high to low',
    rating: 'Seller rating',
  },
  apply: 'Apply filters',
  clear: 'Clear',
  /** `capped`: the server stopped counting at `n` (1,000), so there are more. */
  count: (n: number, capped = false) =>
    capped
      ? `${n.toLocaleString('en-US')}+ laptops found`
      : n === 1
        ? '1 laptop found'
        : `${n.toLocaleString('en-US')} laptops found`,
  results: 'Results',
  /**
   * The typed words matched nothing; the catalogue's words most like them did. Said
   * outright, or "ZenBook" answered with a Surface Book looks like a wrong match.
   */
  correctedTo: (q: string) => `No exact matches; showing results for "${q}"`,
  similarNames: 'No exact matches; showing laptops with similar names',
  /** Before a link to the same search with a far more common near spelling. */
  didYouMean: 'Did you mean',
  noResults: 'No laptops match your search.',
  priceRangeInverted: 'The min price is above the max price.',
  emptyCategory: 'No laptops in this category yet.',
  unknownCategory: 'The category in this link no longer exists.',
  /** Filters of a link that the page could not use (leftOutFilters), by their labels. */
  leftOut: (labels: string[]) =>
    `Some filters in this link could not be used and were left out: ${labels.join(', ')}.`,
  clearFilters: 'Clear filters',
  /** Nothing matched the words alone: every laptop instead. */
  browseAll: 'Browse all laptops',
  loadMore: 'Load more',
  loadFailed: 'We could not load the search results.',
  loadMoreFailed: 'We could not load more laptops.',
  retry: 'Try again',
} as const;

/** The category page's own texts (it is the search page within one brand). */
export const categoryMessages = {
  heading: (name: string) => `${name} laptops`,
  notFoundTitle: 'This category does not exist',
  notFoundText: 'It may have been removed. Pick another category from the home page.',
  backHome: 'Back to home',
};
