import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetails } from '@laptops/shared/products';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { makeOwnProduct, makeProductDetails } from '../../../testing/factories.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { EditProductPage } from './edit-product.tsx';

vi.mock('../../../lib/upload-image.ts', () => ({ uploadImage: vi.fn() }));
vi.mock('../../../features/seller/components/resize-photo.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  resizePhoto: async (file: File) => file,
}));

// happy-dom has no `select.size`, so react-hook-form takes every select for one the
// user changed before the form was ready, and keeps its first option instead of the
// listing's value. Browsers have it (0 for a drop-down).
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
  });
}

const ID = '7b1c0a52-3a55-4a8e-9a43-1f2b3c4d5e6f';
const DELL = '3f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const categories = [
  { _id: DELL, name: 'Dell', image: '/api/images/dell.webp' },
  { _id: '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d', name: 'Lenovo', image: '/api/images/l.webp' },
];

/** Marcus's Dell XPS 13 as its page gives it to him, its seller. */
function makeDetails(overrides: Partial<ProductDetails> = {}): ProductDetails {
  return makeProductDetails({
    _id: ID,
    category: DELL,
    conditionType: 'Good',
    isOwn: true,
    specs: {
      ...makeProductDetails().specs,
      cpuModel: 'Core i7-1185G7',
      graphics: null,
      batteryHealth: 88,
    },
    photos: [
      { url: '/api/images/lid.webp', thumbnail: '/api/images/lid-thumb.webp' },
      { url: '/api/images/keys.webp', thumbnail: '/api/images/keys-thumb.webp' },
    ],
    ...overrides,
  });
}

let details: () => Response;
/** My products: the one place the listing's mobile number comes from. */
let myProducts: () => Response;
let patchResponse: () => Response;
let patches: unknown[];

beforeEach(() => {
  patches = [];
  details = () => jsonResponse(makeDetails());
  myProducts = () => jsonResponse([makeOwnProduct({ _id: ID, mobileNumber: '+1 617 555 0100' })]);
  patchResponse = () => jsonResponse({ modifiedCount: 1 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      if (path === '/api/categories') return jsonResponse(categories);
      if (path === `/api/products/${ID}` && method === 'GET') return details();
      if (path === '/api/myProducts' && method === 'GET') return myProducts();
      if (path === `/api/myProducts/${ID}` && method === 'PATCH') {
        patches.push(JSON.parse(String(init?.body)));
        return patchResponse();
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  vi.mocked(uploadImage).mockReset();
  vi.mocked(uploadImage).mockImplementation(
    async (file) => `/api/images/${file.name.replace(/\.\w+$/, '')}.webp`,
  );
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  const { router } = renderWithProviders(<EditProductPage />, {
    path: '/dashboard/myproducts/:id/edit',
    at: `/dashboard/myproducts/${ID}/edit`,
    routes: [{ path: '/dashboard/myproducts', element: <p>My products page</p> }],
  });
  return { router, user: userEvent.setup() };
}

const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const save = () => screen.getByRole('button', { name: 'Save changes' });

async function formShown() {
  await screen.findByRole('heading', { level: 1, name: 'Edit Dell XPS 13' });
  await screen.findByRole('option', { name: 'Dell' });
}

async function retype(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

describe('EditProductPage', () => {
  it('loads the laptop and fills the form with its values and photos', async () => {
    renderPage();
    expect(screen.getByTestId('spinner')).toBeTruthy();
    await formShown();

    expect(valueOf('Product name')).toBe('Dell XPS 13');
    await waitFor(() => expect(valueOf('Category')).toBe(DELL));
    expect(valueOf('Condition')).toBe('Good');
    expect(valueOf('Years of use')).toBe('2');
    expect(valueOf('Processor family')).toBe('intel-core-i7');
    expect(valueOf('Processor model')).toBe('Core i7-1185G7');
    expect(valueOf('Memory (RAM)')).toBe('16');
    expect(valueOf('Screen size')).toBe('13.4');
    expect(valueOf('Screen resolution (optional)')).toBe('1920 × 1200');
    expect(valueOf('Battery health (optional)')).toBe('88');
    expect(valueOf('Charger included (optional)')).toBe('yes');
    expect(valueOf('Graphics (optional)')).toBe('');
    // Prices as a seller types them.
    expect(valueOf('Original price')).toBe('1299');
    expect(valueOf('Resale price')).toBe('749.50');
    expect(valueOf('Mobile number')).toBe('+1 617 555 0100');

    const tiles = within(screen.getByRole('list', { name: 'Your photos' })).getAllByRole('img');
    expect(tiles.map((img) => img.getAttribute('src'))).toEqual([
      '/api/images/lid-thumb.webp',
      '/api/images/keys-thumb.webp',
    ]);
  });

  it('sends only what changed, says a lower price shows the old one crossed out, and goes back', async () => {
    const { router, user } = renderPage();
    await formShown();
    await retype(user, 'Resale price', '699');
    const hint = screen.getByText(/buyers will see \$749\.50 crossed out beside the new price/);
    expect(screen.getByLabelText('Resale price').getAttribute('aria-describedby')).toContain(
      hint.id,
    );
    await retype(user, 'Known issues (optional)', 'The E key sticks a little.');
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect(patches).toEqual([{ resalePrice: 699, knownIssues: 'The E key sticks a little.' }]);
    expect(toast.success).toHaveBeenCalledWith('Your changes are saved.');
  });

  it('sends the photos, in their new order, when they changed', async () => {
    const { router, user } = renderPage();
    await formShown();
    await user.upload(
      screen.getByLabelText('Add photos'),
      new File(['x'], 'ports.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    await user.click(screen.getByRole('button', { name: 'Move photo 2 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect(patches).toEqual([{ photos: ['/api/images/keys.webp', '/api/images/ports.webp'] }]);
  });

  it('sends nothing when nothing changed', async () => {
    const { router, user } = renderPage();
    await formShown();
    await waitFor(() => expect(valueOf('Category')).toBe(DELL));
    await user.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect(patches).toEqual([]);
    expect(toast.success).toHaveBeenCalledWith('Nothing was changed.');
  });

  it("checks the grade's battery rule, and shows the server's field errors on their fields", async () => {
    patchResponse = () =>
      jsonResponse(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Please fill in the location',
            fields: { location: 'Please fill in the location' },
          },
        },
        400,
      );
    const { router, user } = renderPage();
    await formShown();
    await retype(user, 'Battery health (optional)', '82');
    await user.selectOptions(screen.getByLabelText('Condition'), 'Excellent');
    await user.click(save());
    expect(
      await screen.findByText(
        'Excellent promises a battery at 85% or more: choose a lower grade, or check the battery health',
      ),
    ).toBeTruthy();
    expect(patches).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Condition'), 'Fair');
    await user.click(save());
    const error = await screen.findByText('Please fill in the location');
    expect(screen.getByLabelText('Location').getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(screen.getByLabelText('Location'));
    expect(patches).toEqual([{ conditionType: 'Fair', batteryHealth: 82 }]);
    expect(toast.error).toHaveBeenCalledWith(
      'Your changes could not be saved: Please fill in the location. Please check the fields and try again.',
    );
    expect(router.state.location.pathname).toBe(`/dashboard/myproducts/${ID}/edit`);
  });

  it('says a sold laptop cannot be edited, and shows no form', async () => {
    details = () => jsonResponse(makeDetails({ status: 'sold', isSold: true }));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This laptop is sold' }),
    ).toBeTruthy();
    expect(screen.getByText(/cannot be edited/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See its page' }).getAttribute('href')).toBe(
      `/laptops/${ID}`,
    );
    expect(screen.getByRole('link', { name: 'Back to My products' }).getAttribute('href')).toBe(
      '/dashboard/myproducts',
    );
  });

  it('turns to the sold notice when the laptop sells while being edited', async () => {
    patchResponse = () =>
      jsonResponse(
        { error: { code: 'PRODUCT_SOLD', message: 'A sold laptop cannot be edited.' } },
        409,
      );
    const { user } = renderPage();
    await formShown();
    details = () => jsonResponse(makeDetails({ status: 'sold', isSold: true }));
    await retype(user, 'Resale price', '700');
    await user.click(save());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This laptop is sold' }),
    ).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith(
      'Your changes could not be saved: A sold laptop cannot be edited.',
    );
  });

  it.each([
    ['another seller’s laptop', () => jsonResponse(makeDetails({ isOwn: false }))],
    [
      'a deleted laptop',
      () => jsonResponse({ error: { code: 'GONE', message: 'This laptop was withdrawn.' } }, 410),
    ],
    [
      'a laptop that never was',
      () => jsonResponse({ error: { code: 'NOT_FOUND', message: 'No such laptop.' } }, 404),
    ],
  ])('says %s is not found', async (_case, response) => {
    details = response;
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Laptop not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to My products' })).toBeTruthy();
  });

  it('offers a retry when the laptop cannot be loaded', async () => {
    let fail = true;
    details = () =>
      fail
        ? jsonResponse({ error: { code: 'UNAVAILABLE', message: 'Try later.' } }, 503)
        : jsonResponse(makeDetails());
    const { user } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not load this laptop.' }),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await formShown();
  });

  it('offers a retry when My products, which has the mobile number, cannot be loaded', async () => {
    let fail = true;
    const listed = myProducts;
    myProducts = () =>
      fail
        ? jsonResponse({ error: { code: 'UNAVAILABLE', message: 'Try later.' } }, 503)
        : listed();
    const { user } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not load this laptop.' }),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await formShown();
    expect(valueOf('Mobile number')).toBe('+1 617 555 0100');
  });
});

describe('importing a hardware report while editing', () => {
  it('sends the fields the report read, even unchanged, with its token, so the server can mark them', async () => {
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/hardware-reports') {
        return jsonResponse({
          success: true,
          data: {
            kinds: ['linux-lscpu'],
            // The memory the listing already says, and a battery it did not know.
            specs: { ramGb: 16, batteryCycles: 240 },
            fields: ['ramGb', 'batteryCycles'],
            serialNumber: null,
            warnings: [],
            token: 'signed-token',
          },
        });
      }
      return original(input, init);
    });
    const { user } = renderPage();
    await formShown();
    await user.click(screen.getByText('Import a hardware report'));
    await user.upload(
      screen.getByLabelText('Choose the report file'),
      new File(['Model name: x'], 'laptop.txt', { type: 'text/plain' }),
    );
    await screen.findByText(/2 fields filled from the report\./);
    await user.click(save());
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ ramGb: 16, batteryCycles: 240, deviceReports: ['signed-token'] });
  });
});
