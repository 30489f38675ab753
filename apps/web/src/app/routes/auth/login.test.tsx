import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createTestQueryClient,
  renderWithProviders,
} from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { LoginPage } from './login.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderWithGoogle(google: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/auth-options' ? jsonResponse({ google }) : jsonResponse(null),
    ),
  );
  renderWithProviders(<LoginPage />, { path: '*', at: '/login' });
}

describe("LoginPage's 'Sign in with Google'", () => {
  it('is offered when the marketplace has Google set up', async () => {
    renderWithGoogle(true);
    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/not set up/)).toBeNull();
  });

  it('is not shown when Google is not set up', async () => {
    renderWithGoogle(false);
    await screen.findByRole('button', { name: 'Log in' });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/auth-options', expect.anything()));
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });
});

describe('LoginPage after the session ended elsewhere', () => {
  const user = {
    id: 'u1',
    name: 'Bea Buyer',
    email: 'bea@example.com',
    image: null,
    typeOfUser: 'buyer' as const,
  };

  function renderLogin(state: unknown) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ google: true })),
    );
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['session'], user);
    queryClient.setQueryData(['myOrders'], [{ _id: 'o1' }]);
    renderWithProviders(<LoginPage />, {
      path: '*',
      at: { pathname: '/login', state },
      queryClient,
    });
    return queryClient;
  }

  it('says they were signed out, and forgets who they were and what was cached for them', async () => {
    const from = { pathname: '/dashboard/myorders', search: '', hash: '', state: null, key: 'k' };
    const queryClient = renderLogin({ from, role: 'buyer', signedOut: true });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have been signed out. Please log in again.',
    );
    await waitFor(() => expect(queryClient.getQueryData(['session'])).toBeNull());
    expect(queryClient.getQueryData(['myOrders'])).toBeUndefined();
    // The page's own question still gets its answer.
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
  });

  it('says nothing of the kind to someone who just came to log in', async () => {
    const queryClient = renderLogin(null);
    await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(queryClient.getQueryData(['session'])).toEqual(user);
  });
});
