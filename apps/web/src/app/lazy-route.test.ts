import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { LAZY_LOAD_TIMEOUT_MS, withTimeout } from './lazy-route.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('gives up on a lazy part after 120 seconds', async () => {
  expect(LAZY_LOAD_TIMEOUT_MS).toBe(120_000);
  const load = withTimeout(() => new Promise<never>(() => {}));
  const result = load();
  vi.advanceTimersByTime(120_000);
  await expect(result).rejects.toThrow('took too long');
});

it('passes a part that loads in time through', async () => {
  await expect(withTimeout(async () => 'ok')()).resolves.toBe('ok');
});
