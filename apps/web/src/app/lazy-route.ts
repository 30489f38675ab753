/** A lazily loaded part of the app gives up after 120 seconds. */
export const LAZY_LOAD_TIMEOUT_MS = 120_000;

export function withTimeout<T>(
  load: () => Promise<T>,
  timeoutMs = LAZY_LOAD_TIMEOUT_MS,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('This part of the page took too long to load.')),
        timeoutMs,
      );
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}
