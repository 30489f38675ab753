import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '@laptops/shared/images';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { AddProductPage } from './add-product.tsx';

vi.mock('../../../lib/upload-image.ts', () => ({ uploadImage: vi.fn() }));

const DELL = '3f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const categories = [
  { _id: DELL, name: 'Dell', image: '/api/images/dell.webp' },
  { _id: '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d', name: 'Lenovo', image: '/api/images/l.webp' },
];

/** Every call the page makes, in order: API paths (with method) and 'upload'. */
let calls: { path: string; method: string; body?: unknown }[] = [];
let saveResponse: () => Response;

beforeEach(() => {
  calls = [];
  saveResponse = () => jsonResponse({ acknowledged: true, insertedId: 'p1' }, 201);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      if (path === '/api/categories' && method === 'GET') return jsonResponse(categories);
      calls.push({ path, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/products' && method === 'POST') return saveResponse();
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  vi.mocked(uploadImage).mockReset();
  vi.mocked(uploadImage).mockImplementation(async (_file, onProgress) => {
    calls.push({ path: 'upload', method: 'POST' });
    onProgress?.(0.5);
    return '/api/images/xps.webp';
  });
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  const { router } = renderWithProviders(<AddProductPage />, {
    path: '/dashboard/addaproduct',
    routes: [{ path: '/dashboard/myproducts', element: <p>My products page</p> }],
  });
  return { router, user: userEvent.setup() };
}

const image = (type = 'image/png', size = 100) => {
  const file = new File(['x'], 'xps.png', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const submit = () => screen.getByRole('button', { name: 'Add laptop' }) as HTMLButtonElement;
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

async function categoriesLoaded() {
  await screen.findByRole('option', { name: 'Dell' });
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, file: File | null = image()) {
  await categoriesLoaded();
  await user.type(screen.getByLabelText('Product name'), 'Dell XPS 13 9310');
  await user.type(screen.getByLabelText('Location'), 'Austin, TX');
  await user.selectOptions(screen.getByLabelText('Category'), 'Dell');
  await user.selectOptions(screen.getByLabelText('Condition'), 'Good');
  await user.type(screen.getByLabelText('Mobile number'), '+1 512 555 0100');
  await user.type(screen.getByLabelText('Original price'), '$1,299');
  await user.type(screen.getByLabelText('Resale price'), '649.99');
  await user.type(screen.getByLabelText('Years of use'), '2');
  if (file) await user.upload(screen.getByLabelText('Photo'), file);
  await user.type(screen.getByLabelText('Description'), 'Light, fast, new battery.');
}

describe('AddProductPage', () => {
  it('has the title, the category and condition choices and the submit button', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Add a laptop' })).toBeTruthy();
    await categoriesLoaded();
    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    expect([...category.options].map((option) => option.text)).toEqual([
      'Choose a category',
      'Dell',
      'Lenovo',
    ]);
    const condition = screen.getByLabelText('Condition') as HTMLSelectElement;
    expect([...condition.options].map((option) => option.text)).toEqual([
      'Choose a condition',
      'Excellent',
      'Good',
      'Fair',
    ]);
    expect(submit().type).toBe('submit');
  });

  it('shows every required message in red next to its label on an empty submit, sending nothing', async () => {
    const { user } = renderPage();
    await categoriesLoaded();
    await user.click(submit());
    const expected = {
      'Product name': 'Please fill in the product name',
      Location: 'Please fill in the location',
      Category: 'Please choose a category',
      Condition: 'Please choose a condition',
      'Mobile number': 'Please fill in the mobile number',
      'Original price': 'Please fill in the original price',
      'Resale price': 'Please fill in the resale price',
      'Years of use': 'Please fill in the years of use',
      Photo: 'Please choose a photo of the laptop',
      Description: 'Please fill in the description',
    };
    for (const [label, message] of Object.entries(expected)) {
      const error = await screen.findByText(message);
      expect(error.className).toContain('text-error');
      const labelElement = screen.getByText(label, { selector: 'label' });
      expect(error.parentElement).toBe(labelElement.parentElement);
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toContain(error.id);
    }
    expect(calls).toEqual([]);
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it('explains a price that is not dollars, or not more than zero', async () => {
    const { user } = renderPage();
    await fillIn(user);
    await user.clear(screen.getByLabelText('Resale price'));
    await user.type(screen.getByLabelText('Resale price'), 'cheap');
    await user.click(submit());
    expect(await screen.findByText('Please enter a price in dollars, like 649.99')).toBeTruthy();

    await user.clear(screen.getByLabelText('Resale price'));
    await user.type(screen.getByLabelText('Resale price'), '0');
    await user.click(submit());
    expect(await screen.findByText('The price must be more than $0')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('refuses an image that is too large or not an image, before sending anything', async () => {
    const { user } = renderPage();
    await fillIn(user, image('image/png', MAX_IMAGE_BYTES + 1));
    await user.click(submit());
    expect(await screen.findByText('The image is larger than 5 MB.')).toBeTruthy();

    const lax = userEvent.setup({ applyAccept: false });
    await lax.upload(screen.getByLabelText('Photo'), image('application/pdf'));
    await user.click(submit());
    expect(await screen.findByText('Please choose a JPEG, PNG or WebP image.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('uploads the image, then posts the product with numbers, and goes to My Products', async () => {
    const loading = vi.spyOn(toast, 'loading');
    const dismiss = vi.spyOn(toast, 'dismiss');
    const file = image();
    const { router, user } = renderPage();
    await fillIn(user, file);
    await user.click(submit());

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST upload',
      'POST /api/products',
    ]);
    expect(vi.mocked(uploadImage).mock.calls[0]?.[0]).toBe(file);
    expect(calls[1]?.body).toEqual({
      name: 'Dell XPS 13 9310',
      location: 'Austin, TX',
      category: DELL,
      conditionType: 'Good',
      mobileNumber: '+1 512 555 0100',
      originalPrice: 1299,
      resalePrice: 649.99,
      yearsOfUse: 2,
      description: 'Light, fast, new battery.',
      image: '/api/images/xps.webp',
    });
    expect(loading).toHaveBeenCalledWith('Adding your laptop…');
    expect(dismiss).toHaveBeenCalledWith(loading.mock.results[0]?.value);
    expect(toast.success).toHaveBeenCalledWith('Your laptop is now listed.');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows the upload percentage and keeps the button disabled while submitting', async () => {
    let finishUpload: (url: string) => void = () => {};
    vi.mocked(uploadImage).mockImplementation((_file, onProgress) => {
      onProgress?.(0.42);
      return new Promise((resolve) => (finishUpload = resolve));
    });
    const { router, user } = renderPage();
    await fillIn(user);
    await user.click(submit());

    const progress = (await screen.findByRole('progressbar', {
      name: 'Uploading the photo',
    })) as HTMLProgressElement;
    expect(progress.value).toBe(42);
    expect(progress.max).toBe(100);
    expect(screen.getByText('42%')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    finishUpload('/api/images/xps.webp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
  });

  it('keeps everything typed and says why when the upload fails', async () => {
    vi.mocked(uploadImage).mockRejectedValue(
      new ApiRequestError(415, 'UNSUPPORTED_IMAGE', 'This file is not a readable image.'),
    );
    const { router, user } = renderPage();
    await fillIn(user);
    await user.click(submit());

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'The photo could not be uploaded: This file is not a readable image. Your laptop was not added.',
      ),
    );
    expect(router.state.location.pathname).toBe('/dashboard/addaproduct');
    expect(await screen.findByText('This file is not a readable image.')).toBeTruthy();
    // The focus goes to the refused field, not back to the top of the page.
    expect(document.activeElement).toBe(screen.getByLabelText('Photo'));
    expect(valueOf('Product name')).toBe('Dell XPS 13 9310');
    expect(valueOf('Resale price')).toBe('649.99');
    expect(valueOf('Category')).toBe(DELL);
    expect(calls).toEqual([]);
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it("shows the server's field errors on their fields and does not upload again on retry", async () => {
    saveResponse = () =>
      jsonResponse(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields need attention.',
            fields: { name: 'This can be at most 120 characters', yearsOfUse: 'Too many years' },
          },
        },
        400,
      );
    const { router, user } = renderPage();
    await fillIn(user);
    await user.click(submit());

    const nameError = await screen.findByText('This can be at most 120 characters');
    expect(screen.getByLabelText('Product name').getAttribute('aria-describedby')).toContain(
      nameError.id,
    );
    expect(screen.getByText('Too many years')).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(
      'Your laptop could not be added: Some fields need attention. Please check the fields and try again.',
    );
    expect(router.state.location.pathname).toBe('/dashboard/addaproduct');
    expect(valueOf('Description')).toBe('Light, fast, new battery.');

    saveResponse = () => jsonResponse({ acknowledged: true, insertedId: 'p1' }, 201);
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST upload',
      'POST /api/products',
      'POST /api/products',
    ]);
  });
});
