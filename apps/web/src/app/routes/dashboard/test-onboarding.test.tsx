import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { TestOnboardingPage } from './test-onboarding.tsx';

let calls: ApiCall[];
beforeEach(() => {
  calls = mockApi(({ method, url }) => {
    if (method === 'POST' && url.pathname === '/api/sandbox/accounts/acct_sandbox_abc/onboard') {
      return jsonResponse({
        provider: 'sandbox',
        state: 'enabled',
        requirements: [],
        updatedAt: null,
      });
    }
    return undefined;
  });
});
afterEach(undoMocks);

const page = '/dashboard/earnings/test-onboarding';

describe('TestOnboardingPage', () => {
  it('finishes the simulated onboarding and goes back to Earnings, as from Stripe', async () => {
    const { router } = renderWithProviders(<TestOnboardingPage />, {
      path: page,
      at: `${page}?account=acct_sandbox_abc`,
      routes: [{ path: '/dashboard/earnings', element: <p>Earnings page</p> }],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Set up payouts' })).toBeTruthy();
    expect(screen.getByText('Test mode')).toBeTruthy();
    const finish = screen.getByRole('button', { name: 'Finish setting up' });
    expect(finish.getAttribute('aria-describedby')).toBeTruthy();
    await userEvent.click(finish);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/earnings'));
    expect(router.state.location.search).toBe('?onboarding=return');
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/sandbox/accounts/acct_sandbox_abc/onboard',
      body: { outcome: 'complete' },
    });
  });

  it('says what went wrong when the account is not the seller’s', async () => {
    renderWithProviders(<TestOnboardingPage />, {
      path: page,
      at: `${page}?account=acct_sandbox_other`,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Leave a detail missing' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This could not be saved.');
  });

  it('explains a link without an account', () => {
    renderWithProviders(<TestOnboardingPage />, { path: page, at: page });
    expect(screen.getByRole('alert').textContent).toContain(
      'This link has no payout account in it.',
    );
    expect(screen.getByRole('link', { name: 'Back to Earnings' })).toBeTruthy();
  });
});
