import toast from 'react-hot-toast/headless';
import { vi } from 'vitest';
import { jsonResponse } from './json-response.ts';

/** A request the page made: its method, its address as asked (with the query), and its JSON body. */
export type ApiCall = { method: string; path: string; body?: unknown };

/** What `answer` is given: the call, and its address parsed, to read the query from. */
export type ApiRequest = ApiCall & { url: URL };

/**
 * Stands in for the server in one test: every fetch is recorded in the list returned,
 * then answered by `answer`, or with a 404 error where it has no answer. The toasts are
 * spied on, so a test can ask what was said. Call it in beforeEach, and undoMocks after.
 */
export function mockApi(
  answer: (request: ApiRequest) => Response | undefined | Promise<Response | undefined>,
): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = body === undefined ? { method, path } : { method, path, body };
      calls.push(call);
      const found = await answer({ ...call, url: new URL(path, 'http://localhost') });
      return found ?? jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
  return calls;
}

/** Puts back what a test stubbed (fetch) and spied on (the toasts): for afterEach. */
export function undoMocks(): void {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
