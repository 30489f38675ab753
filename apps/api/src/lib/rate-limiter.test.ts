import { expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';

it('allows max hits per window and key, then asks to wait until the window ends', () => {
  let time = 0;
  const limiter = createRateLimiter({ max: 2, windowMs: 10_000, now: () => time });
  expect(limiter.hit('a').limited).toBe(false);
  expect(limiter.hit('a').limited).toBe(false);
  expect(limiter.hit('a')).toEqual({ limited: true, retryAfterSeconds: 10 });
  expect(limiter.hit('b').limited).toBe(false);
  time = 10_000;
  expect(limiter.hit('a').limited).toBe(false);
});
