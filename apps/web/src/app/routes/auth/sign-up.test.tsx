import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '@laptops/shared/images';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { SignUpPage } from './sign-up.tsx';

vi.mock('../../../lib/upload-image.ts', () => ({ uploadImage: vi.fn() }));

/** Every call the page makes, in order: auth paths and 'upload'. */
let calls: { path: string; body?: unknown }[] = [];
let signUpResponse: () => Response;

beforeEach(() => {
  calls = [];
  signUpResponse = () =>
    jsonResponse({
      token: 't',
      user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/auth/sign-up/email') return signUpResponse();
      if (path === '/api/auth/update-user') return jsonResponse({ status: true });
      if (path === '/api/auth/get-session') return jsonResponse(null);
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  vi.mocked(uploadImage).mockReset();
  vi.mocked(uploadImage).mockImplementation(async (_file, onProgress) => {
    calls.push({ path: 'upload' });
    onProgress?.(0.5);
    return '/api/images/ada.webp';
  });
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(
  state: unknown = { from: { pathname: '/category/7', search: '?page=2', hash: '' } },
  search = '',
) {
  const { router } = renderWithProviders(<SignUpPage />, {
    path: '/signup',
    at: { pathname: '/signup', search, state },
    routes: [
      { path: '/dashboard/addaproduct', element: <p>Add a laptop</p> },
      { path: '/login', element: <p>Login page</p> },
      { path: '/category/:id', element: <p>Category page</p> },
      { path: '/', element: <p>Home page</p> },
    ],
  });
  return { router, user: userEvent.setup() };
}

const picture = (type = 'image/png', size = 100) => {
  const file = new File(['x'], 'ada.png', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

async function fillIn(user: ReturnType<typeof userEvent.setup>, file: File | null = picture()) {
  await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  if (file) await user.upload(screen.getByLabelText('Profile picture'), file);
}

const submit = () => screen.getByRole('button', { name: 'Sign up' });

describe('SignUpPage', () => {
  it('has the title, buyer preselected and a link to /login', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign up' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Buyer' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Seller' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('group', { name: 'Account type' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it("starts as a seller's form when Home's Sell yours led here (?as=seller)", () => {
    renderPage(null, '?as=seller');
    expect((screen.getByRole('radio', { name: 'Seller' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Buyer' }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows each required message next to its field when submitted empty', async () => {
    const { user } = renderPage();
    await user.click(submit());
    const expected = {
      Name: 'Please enter your name',
      Email: 'Please enter your email',
      Password: 'Please enter a password',
    };
    for (const [label, message] of Object.entries(expected)) {
      const error = await screen.findByText(message);
      expect(error.className).toContain('text-error');
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toContain(error.id);
    }
    expect(calls).toEqual([]);
  });

  it('lets a buyer skip the picture, and creates the account without uploading', async () => {
    const { router, user } = renderPage();
    expect(screen.getByText('Optional. JPEG, PNG or WebP, up to 5 MB.')).toBeTruthy();
    await fillIn(user, null);
    await user.click(submit());

    await waitFor(() => expect(router.state.location.pathname).toBe('/category/7'));
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/sign-up/email']);
    expect(uploadImage).not.toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Your account is ready.');
  });

  it('asks a seller for a picture, saying why, before sending anything', async () => {
    const { user } = renderPage();
    await fillIn(user, null);
    await user.click(screen.getByRole('radio', { name: 'Seller' }));
    expect(
      screen.getByText('Buyers trust a seller they can see. JPEG, PNG or WebP, up to 5 MB.'),
    ).toBeTruthy();
    await user.click(submit());

    const error = await screen.findByText(
      'Sellers need a profile picture: buyers trust a face they can see.',
    );
    expect(screen.getByLabelText('Profile picture').getAttribute('aria-describedby')).toContain(
      error.id,
    );
    expect(calls).toEqual([]);
  });

  it('takes a new seller who came from nowhere in particular to add a laptop', async () => {
    const { router, user } = renderPage(null);
    await fillIn(user);
    await user.click(screen.getByRole('radio', { name: 'Seller' }));
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/addaproduct'));
  });

  it('asks for at least 6 password characters', async () => {
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(submit());
    expect(await screen.findByText('The password must be at least 6 characters long')).toBeTruthy();
  });

  it('refuses a picture that is too large or not an image, before sending anything', async () => {
    const { user } = renderPage();
    await fillIn(user, picture('image/png', MAX_IMAGE_BYTES + 1));
    await user.click(submit());
    expect(await screen.findByText('The image is larger than 5 MB.')).toBeTruthy();

    const lax = userEvent.setup({ applyAccept: false });
    await lax.upload(screen.getByLabelText('Profile picture'), picture('application/pdf'));
    await user.click(submit());
    expect(await screen.findByText('Please choose a JPEG, PNG or WebP image.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('creates the account, uploads the picture, saves it on the profile, then goes back', async () => {
    const loading = vi.spyOn(toast, 'loading');
    const dismiss = vi.spyOn(toast, 'dismiss');
    const { router, user } = renderPage();
    await fillIn(user);
    await user.click(screen.getByRole('radio', { name: 'Seller' }));
    await user.click(submit());

    await waitFor(() => expect(router.state.location.pathname).toBe('/category/7'));
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls.map((call) => call.path)).toEqual([
      '/api/auth/sign-up/email',
      'upload',
      '/api/auth/update-user',
    ]);
    expect(calls[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      typeOfUser: 'seller',
      password: 'secret1',
    });
    expect(calls[2]?.body).toEqual({ image: '/api/images/ada.webp' });
    expect(loading).toHaveBeenCalledWith('Creating your account…');
    expect(dismiss).toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Your account is ready.');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows upload progress and keeps the button disabled while submitting', async () => {
    let finishUpload: (url: string) => void = () => {};
    vi.mocked(uploadImage).mockImplementation((_file, onProgress) => {
      calls.push({ path: 'upload' });
      onProgress?.(0.4);
      return new Promise((resolve) => (finishUpload = resolve));
    });
    const { router, user } = renderPage();
    await fillIn(user);
    await user.click(submit());

    const progress = (await screen.findByRole('progressbar', {
      name: 'Uploading your picture',
    })) as HTMLProgressElement;
    expect(progress.value).toBe(0.4);
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    finishUpload('/api/images/ada.webp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/7'));
  });

  it("shows the provider's message and keeps what was typed when sign-up fails", async () => {
    signUpResponse = () =>
      jsonResponse(
        { code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' },
        422,
      );
    const { router, user } = renderPage();
    await fillIn(user);
    await user.click(submit());

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('User already exists. Use another email.'),
    );
    expect(router.state.location.pathname).toBe('/signup');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/sign-up/email']);
    expect(uploadImage).not.toHaveBeenCalled();
    await waitFor(() => expect((submit() as HTMLButtonElement).disabled).toBe(false));
  });

  it('keeps the new account signed in and moves on when the picture cannot be saved', async () => {
    vi.mocked(uploadImage).mockRejectedValue(new Error('The image is larger than 5 MB.'));
    const { router, user } = renderPage();
    await fillIn(user);
    await user.click(submit());

    await waitFor(() => expect(router.state.location.pathname).toBe('/category/7'));
    expect(toast.error).toHaveBeenCalledWith(
      'Your account was created, but the picture could not be saved: The image is larger than 5 MB. You can add it from your profile.',
    );
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/sign-up/email']);
  });
});
