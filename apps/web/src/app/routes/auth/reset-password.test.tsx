import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { ResetPasswordPage } from './reset-password.tsx';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse({ status: true }));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(url: string) {
  const { router } = renderWithProviders(<ResetPasswordPage />, {
    path: '/reset-password',
    at: ['/', url],
    routes: [{ path: '/login', element: <p>Login page</p> }],
  });
  return { router, user: userEvent.setup() };
}

describe('ResetPasswordPage', () => {
  it.each(['/reset-password', '/reset-password?error=INVALID_TOKEN', '/reset-password?token='])(
    'explains that the link is unusable at %s, with a way back to /login',
    (url) => {
      renderAt(url);
      expect(screen.getByRole('alert').textContent).toBe(
        'This reset link is invalid or has expired.',
      );
      expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe(
        '/login',
      );
      expect(screen.queryByLabelText('New password')).toBeNull();
    },
  );

  it('asks for a confirmation that matches', async () => {
    const { user } = renderAt('/reset-password?token=abc');
    await user.type(screen.getByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm the new password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    const error = await screen.findByText('The passwords do not match');
    expect(screen.getByLabelText('Confirm the new password').getAttribute('aria-describedby')).toBe(
      error.id,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the new password like sign-up does', async () => {
    const { user } = renderAt('/reset-password?token=abc');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Please enter a password')).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The password must be at least 6 characters long')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sets the new password with the token and sends the user to /login', async () => {
    const { router, user } = renderAt('/reset-password?token=abc');
    await user.type(screen.getByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm the new password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/reset-password');
    expect(JSON.parse(String(init.body))).toEqual({ newPassword: 'secret1', token: 'abc' });
    expect(toast.success).toHaveBeenCalledWith(
      'Your password has been changed. Please log in with the new one.',
    );
  });

  it("shows the provider's message when the token is refused", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'INVALID_TOKEN', message: 'Invalid token' }, 400),
    );
    const { router, user } = renderAt('/reset-password?token=old');
    await user.type(screen.getByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm the new password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Invalid token'));
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
