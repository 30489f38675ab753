import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/** A query client for one test: a failed request or write is not tried again. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

type Entry = string | { pathname: string; search?: string; state?: unknown };

type RenderOptions = {
  /** The route pattern `ui` is drawn at (its params come from the address). */
  path?: string;
  /**
   * The address to start at, with a location state if needed; `path` by default (`/`
   * for `*`). A list is a history: the page starts at its last address, and Back goes
   * to the others.
   */
  at?: Entry | Entry[];
  /** Other pages the test may go to, such as a link's target. */
  routes?: RouteObject[];
  queryClient?: QueryClient;
};

/**
 * Draws `ui` as the page at `path`, in a memory router and a query cache of its own,
 * as the app would. With `path: '*'` it stays drawn wherever the page goes, as under
 * a plain MemoryRouter. Returns what `render` does, with the router (its location
 * says where a link went) and the query client.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', at, routes = [], queryClient = createTestQueryClient() }: RenderOptions = {},
) {
  const start = at ?? (path === '*' ? '/' : path);
  const history = Array.isArray(start) ? start : [start];
  const router = createMemoryRouter([{ path, element: ui }, ...routes], {
    initialEntries: history,
    initialIndex: history.length - 1,
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
