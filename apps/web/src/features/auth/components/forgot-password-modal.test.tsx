import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { ForgotPasswordModal } from './forgot-password-modal.tsx';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse({ status: true, message: 'sent' }));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Stands in for the login page: a button that opens the modal. */
function Harness({ defaultEmail }: { defaultEmail?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Forgot password?
      </button>
      <p>{open ? 'modal open' : 'modal closed'}</p>
      <ForgotPasswordModal open={open} onClose={() => setOpen(false)} defaultEmail={defaultEmail} />
    </>
  );
}

function renderModal(defaultEmail?: string) {
  renderWithProviders(<Harness defaultEmail={defaultEmail} />);
  return userEvent.setup();
}

const dialog = () => document.querySelector('dialog') as HTMLDialogElement;

describe('ForgotPasswordModal', () => {
  it('opens as a modal with the email focused and prefilled', async () => {
    const user = renderModal('ada@example.com');
    expect(dialog().open).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(dialog().open).toBe(true);
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(document.activeElement).toBe(email);
  });

  it('requires the email', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter your email')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the reset link, says so and closes', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    await waitFor(() => expect(dialog().open).toBe(false));
    expect(screen.getByText('modal closed')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/request-password-reset');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ada@example.com',
      redirectTo: '/reset-password',
    });
    expect(toast.success).toHaveBeenCalledWith(
      'If an account uses that email, a reset link is on its way. Please check your inbox.',
    );
  });

  it("shows the provider's message and stays open on failure", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'TOO_MANY', message: 'Too many requests.' }, 429),
    );
    const user = renderModal('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Too many requests.'));
    expect(dialog().open).toBe(true);
  });

  it('closes from the backdrop and opens again fresh', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter your email')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(screen.getByText('modal closed')).toBeTruthy());
    expect(dialog().open).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(dialog().open).toBe(true);
    expect(screen.queryByText('Please enter your email')).toBeNull();
  });

  it('closes with Cancel and tells the opener', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('modal closed')).toBeTruthy());
    expect(dialog().open).toBe(false);
  });
});
