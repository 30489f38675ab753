import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './format-when.ts';

const now = Date.parse('2026-11-27T12:00:00.000Z');
const later = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe('formatTimeLeft', () => {
  it('says days, hours or minutes, roughly', () => {
    expect(formatTimeLeft(later(72 * 60), now)).toBe('in 3 days');
    expect(formatTimeLeft(later(36 * 60), now)).toBe('in 2 days');
    expect(formatTimeLeft(later(30 * 60), now)).toBe('in 30 hours');
    expect(formatTimeLeft(later(100), now)).toBe('in 2 hours');
    expect(formatTimeLeft(later(20), now)).toBe('in 20 minutes');
  });

  it('says nothing once the time has come', () => {
    expect(formatTimeLeft(later(0), now)).toBe('');
    expect(formatTimeLeft(later(-90), now)).toBe('');
  });
});
