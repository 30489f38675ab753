import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@laptops/shared/auth';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { ProfilePage } from './profile.tsx';

vi.mock('../../../lib/upload-image.ts', () => ({ uploadImage: vi.fn() }));

let sessionUser: SessionUser | null;
let calls: { path: string; body?: unknown }[];
let updateResponse: () => Response;
let messageEmails: boolean;
let settingsResponse: (() => Response) | undefined;

beforeEach(() => {
  calls = [];
  sessionUser = {
    id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    image: null,
    typeOfUser: 'buyer',
  };
  updateResponse = () => jsonResponse({ status: true });
  messageEmails = true;
  settingsResponse = undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      // The list of blocked people (tested on its own) loads beside the forms.
      if (path === '/api/blocks') return jsonResponse([]);
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      if (path === '/api/auth/get-session') {
        return jsonResponse(sessionUser ? { session: {}, user: sessionUser } : null);
      }
      if (path === '/api/auth/update-user') {
        const response = updateResponse();
        if (response.ok && sessionUser) sessionUser = { ...sessionUser, ...(body as object) };
        return response;
      }
      if (path === '/api/settings') {
        if (init?.method === 'PATCH') {
          if (settingsResponse) return settingsResponse();
          messageEmails = (body as { messageEmails: boolean }).messageEmails;
        }
        return jsonResponse({ messageEmails });
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  vi.mocked(uploadImage).mockReset();
  vi.mocked(uploadImage).mockImplementation(async (_file, onProgress) => {
    calls.push({ path: 'upload' });
    onProgress?.(1);
    return '/api/images/new.webp';
  });
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  renderWithProviders(<ProfilePage />, { path: '*', at: '/dashboard/profile' });
  return userEvent.setup();
}

const sessionFetches = () => calls.filter((call) => call.path === '/api/auth/get-session').length;

describe('ProfilePage', () => {
  it('shows the spinner, then the profile with initials and a read-only email', async () => {
    renderPage();
    expect(screen.getByTestId('spinner')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeTruthy();
    expect(screen.getByText('AL')).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada Lovelace');
  });

  it('has the list of people the user blocked', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'People you blocked' })).toBeTruthy();
    expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
  });

  it('shows the current photo', async () => {
    sessionUser = { id: 'u1', name: 'Ada', email: 'ada@example.com', typeOfUser: 'seller' };
    sessionUser.image = '/api/images/ada.webp';
    renderPage();
    const photo = await screen.findByRole('img', { name: 'Your profile photo' });
    expect(photo.getAttribute('src')).toBe('/api/images/ada.webp');
  });

  it('saves a new name and refreshes the session', async () => {
    const user = renderPage();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Please enter your name')).toBeTruthy();

    await user.type(name, 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Your profile has been updated.'),
    );
    expect(calls.find((call) => call.path === '/api/auth/update-user')?.body).toEqual({
      name: 'Ada King',
    });
    expect(sessionFetches()).toBe(2);
    expect(await screen.findByText('AK')).toBeTruthy();
  });

  it("shows the provider's message when the name cannot be saved", async () => {
    updateResponse = () =>
      jsonResponse({ code: 'FORBIDDEN', message: 'You cannot change that.' }, 403);
    const user = renderPage();
    await user.type(await screen.findByLabelText('Name'), '!');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('You cannot change that.'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('uploads and saves a new photo', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change photo' }));
    expect(await screen.findByText('Please choose a picture')).toBeTruthy();
    expect(uploadImage).not.toHaveBeenCalled();

    await user.upload(
      screen.getByLabelText('New photo'),
      new File(['x'], 'new.webp', { type: 'image/webp' }),
    );
    await user.click(screen.getByRole('button', { name: 'Change photo' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Your profile has been updated.'),
    );
    const writes = calls.filter(
      (call) => call.path !== '/api/settings' && call.path !== '/api/favourite-emails',
    );
    expect(writes.map((call) => call.path).slice(1, 3)).toEqual([
      'upload',
      '/api/auth/update-user',
    ]);
    expect(writes[2]?.body).toEqual({ image: '/api/images/new.webp' });
    const photo = await screen.findByRole('img', { name: 'Your profile photo' });
    expect(photo.getAttribute('src')).toBe('/api/images/new.webp');
  });

  it('shows the upload error', async () => {
    vi.mocked(uploadImage).mockRejectedValue(new Error('This file is not a readable image.'));
    const user = renderPage();
    await user.upload(
      await screen.findByLabelText('New photo'),
      new File(['x'], 'new.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Change photo' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('This file is not a readable image.'),
    );
    expect(calls.some((call) => call.path === '/api/auth/update-user')).toBe(false);
  });

  it('turns the emails about unread messages off and on, saved as it is ticked', async () => {
    const user = renderPage();
    const box = await screen.findByRole('checkbox', {
      name: 'Email me about messages I have not read',
    });
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));

    await user.click(box);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('You will not get emails about messages.'),
    );
    expect(messageEmails).toBe(false);
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(calls.filter((call) => call.path === '/api/settings').at(-1)?.body).toEqual({
      messageEmails: false,
    });

    await user.click(box);
    await waitFor(() => expect(messageEmails).toBe(true));
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
  });

  it('keeps the setting as it was when it cannot be saved', async () => {
    settingsResponse = () =>
      jsonResponse({ error: { code: 'SERVER_ERROR', message: 'Something went wrong.' } }, 500);
    const user = renderPage();
    const box = await screen.findByRole('checkbox', {
      name: 'Email me about messages I have not read',
    });
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    await user.click(box);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Something went wrong.'));
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(messageEmails).toBe(true);
  });
});
