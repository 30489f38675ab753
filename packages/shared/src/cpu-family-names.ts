import type { CpuFamily } from './laptop-specs.ts';

/**
 * Each CPU family as pages name it. Apart from laptop-specs.ts, which Home's cards
 * download: only the pages that list the families (filters, forms, a laptop's page)
 * need the names.
 */
export const cpuFamilyNames: Record<CpuFamily, string> = {
  'intel-core-i3': 'Intel Core i3',
  'intel-core-i5': 'Intel Core i5',
  'intel-core-i7': 'Intel Core i7',
  'intel-core-i9': 'Intel Core i9',
  'intel-core-ultra': 'Intel Core Ultra',
  'intel-other': 'Intel (Celeron, Pentium, other)',
  'amd-ryzen-3': 'AMD Ryzen 3',
  'amd-ryzen-5': 'AMD Ryzen 5',
  'amd-ryzen-7': 'AMD Ryzen 7',
  'amd-ryzen-9': 'AMD Ryzen 9',
  'amd-other': 'AMD (other)',
  'apple-m1': 'Apple M1',
  'apple-m2': 'Apple M2',
  'apple-m3': 'Apple M3',
  'apple-m4': 'Apple M4',
  other: 'Other',
};
