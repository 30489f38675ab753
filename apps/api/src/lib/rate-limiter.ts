/**
 * A fixed-window counter per key, kept in memory. One instance per process: with
 * several instances each keeps its own counts (issue 8 moves this to Redis).
 */
export type RateLimiter = {
  /** Counts one hit for `key`; answers how many seconds to wait when over the limit. */
  hit(key: string): { limited: false } | { limited: true; retryAfterSeconds: number };
};

export function createRateLimiter(options: {
  max: number;
  windowMs: number;
  now?: () => number;
}): RateLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetsAt: number }>();
  let lastSweep = now();
  return {
    hit(key) {
      const time = now();
      // Forget finished windows now and then, so memory stays bounded.
      if (time - lastSweep > options.windowMs) {
        for (const [k, w] of windows) if (w.resetsAt <= time) windows.delete(k);
        lastSweep = time;
      }
      let window = windows.get(key);
      if (!window || window.resetsAt <= time) {
        window = { count: 0, resetsAt: time + options.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > options.max) {
        return { limited: true, retryAfterSeconds: Math.ceil((window.resetsAt - time) / 1000) };
      }
      return { limited: false };
    },
  };
}
