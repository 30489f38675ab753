import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderWithGoogle(google: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/auth-options' ? json({ google }) : json(null),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("LoginPage's 'Sign in with Google'", () => {
  it('is offered when the marketplace has Google set up', async () => {
    renderWithGoogle(true);
    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/not set up/)).toBeNull();
  });

  it('is shown disabled, saying why, when Google is not set up', async () => {
    renderWithGoogle(false);
    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('google-not-set-up');
    expect(document.getElementById('google-not-set-up')?.textContent).toBe(
      'Signing in with Google is not set up on this marketplace yet.',
    );
  });
});
