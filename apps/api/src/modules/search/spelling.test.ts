import { describe, expect, it } from 'vitest';
import { editDistance, isNearSpelling } from './spelling.ts';

describe('editDistance', () => {
  it('counts letters added, dropped, changed and two neighbours swapped as one edit each', () => {
    expect(editDistance('battery', 'battery')).toBe(0);
    expect(editDistance('batery', 'battery')).toBe(1);
    expect(editDistance('batteryy', 'battery')).toBe(1);
    expect(editDistance('bottery', 'battery')).toBe(1);
    expect(editDistance('thinkpda', 'thinkpad')).toBe(1);
    expect(editDistance('keybaord', 'keyboard')).toBe(1);
    expect(editDistance('mackbok', 'macbook')).toBe(2);
    expect(editDistance('zenbook', 'book')).toBe(3);
    expect(editDistance('', 'dell')).toBe(4);
  });

  it('counts a letter outside the basic plane as one', () => {
    expect(editDistance('𝒳ps', 'xps')).toBe(1);
  });
});

describe('isNearSpelling', () => {
  it('allows one slip in a short word and two in a longer one', () => {
    expect(isNearSpelling('dell', 'del')).toBe(true);
    expect(isNearSpelling('dell', 'bel')).toBe(false);
    expect(isNearSpelling('mackbok', 'macbook')).toBe(true);
    expect(isNearSpelling('zenbook', 'book')).toBe(false);
  });
});
