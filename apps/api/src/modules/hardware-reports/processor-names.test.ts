import { describe, expect, it } from 'vitest';
import { processorSpecs } from './processor-names.ts';

describe('processor names as a listing says them', () => {
  it.each([
    ['Intel(R) Core(TM) i5-8350U CPU @ 1.70GHz', 'intel-core-i5', 'Core i5-8350U'],
    ['11th Gen Intel(R) Core(TM) i7-1165G7 @ 2.80GHz', 'intel-core-i7', 'Core i7-1165G7'],
    ['13th Gen Intel(R) Core(TM) i9-13900H', 'intel-core-i9', 'Core i9-13900H'],
    ['Intel(R) Core(TM) Ultra 7 155H', 'intel-core-ultra', 'Core Ultra 7 155H'],
    ['Intel(R) Celeron(R) N4020 CPU @ 1.10GHz', 'intel-other', 'Celeron N4020'],
    ['AMD Ryzen 7 PRO 5850U with Radeon Graphics', 'amd-ryzen-7', 'Ryzen 7 PRO 5850U'],
    ['AMD Ryzen 5 5600X 6-Core Processor', 'amd-ryzen-5', 'Ryzen 5 5600X'],
    ['AMD Athlon Silver 3050U with Radeon Graphics', 'amd-other', 'Athlon Silver 3050U'],
    ['Apple M1', 'apple-m1', 'Apple M1'],
    ['Apple M3 Max', 'apple-m3', 'Apple M3 Max'],
    ['Apple M5', 'other', 'Apple M5'],
    ['Quad-Core Intel Core i5', 'intel-core-i5', 'Intel Core i5 (quad-core)'],
    ['Snapdragon X Elite X1E-78-100', 'other', 'Snapdragon X Elite X1E-78-100'],
  ])('%s → %s, %s', (reported, cpuFamily, cpuModel) => {
    expect(processorSpecs(reported)).toEqual({ cpuFamily, cpuModel });
  });

  it('names nothing from family numbers', () => {
    expect(
      processorSpecs('Intel64 Family 6 Model 142 Stepping 10 GenuineIntel ~1896 Mhz'),
    ).toBeNull();
    expect(processorSpecs('   ')).toBeNull();
  });
});
