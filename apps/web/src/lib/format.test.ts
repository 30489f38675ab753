import { expect, it } from 'vitest';
import { formatPrice, shortDate, truncate } from './format.ts';

it('truncates only text longer than the limit', () => {
  expect(truncate('abcdef', 3)).toBe('abc...');
  expect(truncate('abc', 3)).toBe('abc');
});

it('shows dates as their first 10 characters and prices with cents', () => {
  expect(shortDate('2022-03-04T05:06:07.000Z')).toBe('2022-03-04');
  expect(formatPrice(1234.5)).toBe('$1,234.50');
});
