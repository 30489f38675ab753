import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useNavigation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@laptops/shared/auth';
import { sessionKeys } from '../../lib/query-keys.ts';
import { makeSessionUser } from '../../testing/factories.ts';
import { createTestQueryClient } from '../../testing/render-with-providers.tsx';
import type { LoginState } from '../../features/auth/return-to.ts';
import { RequireAuthForPage } from './require-auth.tsx';
import { RequireRole } from './require-role.tsx';

const buyer = makeSessionUser();

let requests: string[] = [];
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      requests.push(String(input));
      return new Response('null', { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Like the site's layout: it draws its page again whenever a navigation starts. */
function Layout() {
  const loading = useNavigation().state === 'loading';
  return (
    <>
      {loading && <div role="progressbar" />}
      <Outlet />
    </>
  );
}

function renderRoutes(session: SessionUser | null, page: React.ReactNode, loginDelayMs = 20) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKeys.all, session);
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/dashboard', element: <h1>Your dashboard</h1> },
          { path: '/dashboard/addaproduct', element: page, handle: { role: 'seller' } },
          {
            path: '/login',
            // The login page's code, not loaded yet: the router waits for it.
            lazy: async () => {
              await new Promise((resolve) => setTimeout(resolve, loginDelayMs));
              return { Component: () => <h1>Log in</h1> };
            },
          },
        ],
      },
    ],
    { initialEntries: ['/', '/dashboard/addaproduct'] },
  );
  // A redirect that navigates again at every render never ends: stop it, and say so.
  let navigationsStarted = 0;
  router.subscribe((state) => {
    if (state.navigation.state === 'loading' && ++navigationsStarted > 20) router.dispose();
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, navigationsStarted: () => navigationsStarted };
}

describe("RequireAuthForPage (the dashboard layout's guard)", () => {
  it('sends a guest to log in once while the login page loads, remembering the page and the account it needs', async () => {
    const { router, navigationsStarted } = renderRoutes(
      null,
      <RequireAuthForPage>
        <h1>Add a laptop</h1>
      </RequireAuthForPage>,
    );
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(navigationsStarted()).toBe(1);
    const state = router.state.location.state as LoginState;
    expect(state.from.pathname).toBe('/dashboard/addaproduct');
    expect(state.role).toBe('seller');
    expect(state.signedOut).toBeUndefined();
    // Replaced in history: Back leads to the page before, not to the guard again.
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('RequireRole', () => {
  it('shows a signed-in user of another kind whose page it is, with the way back, and keeps them signed in', async () => {
    renderRoutes(
      buyer,
      <RequireRole role="seller">
        <h1>Add a laptop</h1>
      </RequireRole>,
    );
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('This page is for sellers');
    expect(screen.getByText(/You are logged in as a buyer/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Add a laptop')).toBeNull();
    // It used to sign them out: on every tab, for following a link.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.filter((url) => url.includes('sign-out'))).toEqual([]);
  });

  it('names the kind of account each page is for', async () => {
    renderRoutes(
      { ...buyer, typeOfUser: 'seller' },
      <RequireRole role="admin">
        <h1>All users</h1>
      </RequireRole>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'This page is for admins',
    );
    expect(screen.getByText(/You are logged in as a seller/)).toBeTruthy();
  });

  it('shows the page to its own kind of account', async () => {
    renderRoutes(
      buyer,
      <RequireRole role="buyer">
        <h1>My orders</h1>
      </RequireRole>,
    );
    expect(await screen.findByRole('heading', { name: 'My orders' })).toBeTruthy();
  });

  it('sends a guest to log in, once', async () => {
    const { router, navigationsStarted } = renderRoutes(
      null,
      <RequireRole role="buyer">
        <h1>My orders</h1>
      </RequireRole>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(navigationsStarted()).toBe(1);
    expect((router.state.location.state as LoginState).role).toBe('buyer');
  });
});
