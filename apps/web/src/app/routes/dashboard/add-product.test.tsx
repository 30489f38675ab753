import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '@laptops/shared/images';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { resizePhoto } from '../../../features/seller/components/resize-photo.ts';
import { AddProductPage } from './add-product.tsx';

vi.mock('../../../lib/upload-image.ts', () => ({ uploadImage: vi.fn() }));
vi.mock('../../../features/seller/components/resize-photo.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  resizePhoto: vi.fn(),
}));

const DELL = '3f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const categories = [
  { _id: DELL, name: 'Dell', image: '/api/images/dell.webp' },
  { _id: '5a6b7c8d-1e2f-4a3b-9c4d-5e6f7a8b9c0d', name: 'Lenovo', image: '/api/images/l.webp' },
];

/** Every call the page makes, in order: API paths (with method) and 'upload <file>'. */
let calls: { path: string; method: string; body?: unknown }[] = [];
let saveResponse: () => Response;
let dealTerms: { feePercent: number; releaseAfterHours: number };

beforeEach(() => {
  calls = [];
  dealTerms = { feePercent: 5, releaseAfterHours: 72 };
  saveResponse = () => jsonResponse({ acknowledged: true, insertedId: 'p1' }, 201);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      if (path === '/api/categories' && method === 'GET') return jsonResponse(categories);
      if (path === '/api/deal-terms' && method === 'GET') return jsonResponse(dealTerms);
      // The fair price is asked for while the seller types (add-product-fair-price.test.tsx).
      if (path.startsWith('/api/fair-price?')) return jsonResponse({ range: null });
      calls.push({ path, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/products' && method === 'POST') return saveResponse();
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  vi.mocked(resizePhoto).mockReset();
  vi.mocked(resizePhoto).mockImplementation(async (file) => file);
  vi.mocked(uploadImage).mockReset();
  vi.mocked(uploadImage).mockImplementation(async (file, onProgress) => {
    calls.push({ path: `upload ${file.name}`, method: 'POST' });
    onProgress?.(0.5);
    return `/api/images/${file.name.replace(/\.\w+$/, '')}.webp`;
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

type User = ReturnType<typeof userEvent.setup>;

const photo = (name = 'xps.png', type = 'image/png', size = 100) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const submit = () => screen.getByRole('button', { name: 'Add laptop' }) as HTMLButtonElement;
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const photosInput = () => screen.getByLabelText('Add photos');
const saves = () => calls.filter((call) => call.path === '/api/products');

async function categoriesLoaded() {
  await screen.findByRole('option', { name: 'Dell' });
}

async function type(user: User, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

/** Everything but the photos, with the required specs. */
async function fillIn(user: User) {
  await categoriesLoaded();
  await type(user, 'Product name', 'Dell XPS 13 9310');
  await user.selectOptions(screen.getByLabelText('Category'), 'Dell');
  await user.selectOptions(screen.getByLabelText('Condition'), 'Good');
  await type(user, 'Years of use', '2');
  await type(user, 'Description', 'Light, fast, new battery.');
  await user.selectOptions(screen.getByLabelText('Processor family'), 'Intel Core i7');
  await type(user, 'Processor model', 'Core i7-1185G7');
  await type(user, 'Memory (RAM)', '16');
  await type(user, 'Storage', '512');
  await user.selectOptions(screen.getByLabelText('Storage type'), 'SSD');
  await type(user, 'Screen size', '13.4');
  await type(user, 'Original price', '$1,299');
  await type(user, 'Resale price', '649.99');
  await type(user, 'Location', 'Austin, TX');
  await type(user, 'Mobile number', '+1 512 555 0100');
}

/** The photo tiles, in order, by their pictures' names. */
const tileNames = () =>
  within(screen.getByRole('list', { name: 'Your photos' }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));

const requiredFields = {
  name: 'Dell XPS 13 9310',
  category: DELL,
  conditionType: 'Good',
  yearsOfUse: 2,
  description: 'Light, fast, new battery.',
  cpuFamily: 'intel-core-i7',
  cpuModel: 'Core i7-1185G7',
  ramGb: 16,
  storageGb: 512,
  storageType: 'SSD',
  screenInches: 13.4,
  originalPrice: 1299,
  resalePrice: 649.99,
  location: 'Austin, TX',
  mobileNumber: '+1 512 555 0100',
};
const blankOptionalSpecs = {
  model: null,
  cpuGeneration: null,
  graphics: null,
  screenResolution: null,
  operatingSystem: null,
  keyboardLayout: null,
  batteryHealth: null,
  batteryCycles: null,
  chargerIncluded: null,
  knownIssues: null,
};

describe('AddProductPage', () => {
  it('has the title, the parts under their headings, the choices and the submit button', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Add a laptop' })).toBeTruthy();
    const parts = screen
      .getAllByRole('group')
      .map((group) => group.getAttribute('aria-labelledby'));
    expect(parts.map((id) => document.getElementById(id ?? '')?.textContent)).toEqual([
      'The laptop',
      'Import a hardware report',
      'Serial check',
      'Specs',
      'Photos',
      'Price and place',
    ]);
    const specs = screen.getByRole('group', { name: 'Specs' });
    expect(within(specs).getByLabelText('Memory (RAM)')).toBeTruthy();
    expect(within(specs).getByLabelText('Battery health (optional)')).toBeTruthy();
    expect(screen.getByLabelText('Memory (RAM)').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('In GB, like 16')).toBeTruthy();

    await categoriesLoaded();
    const options = (label: string) =>
      [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.text);
    expect(options('Category')).toEqual(['Choose a category', 'Dell', 'Lenovo']);
    expect(options('Condition')).toEqual(['Choose a condition', 'Excellent', 'Good', 'Fair']);
    expect(options('Storage type')).toEqual(['Choose a storage type', 'SSD', 'HDD', 'eMMC']);
    expect(options('Processor family')).toContain('Apple M2');
    expect(submit().type).toBe('submit');
    // The shots buyers ask for.
    expect(screen.getByText('the ports on each side')).toBeTruthy();
  });

  it('shows every required message in red next to its label on an empty submit, sending nothing', async () => {
    const { user } = renderPage();
    await categoriesLoaded();
    await user.click(submit());
    const expected = {
      'Product name': 'Please fill in the product name',
      Category: 'Please choose a category',
      Condition: 'Please choose a condition',
      'Years of use': 'Please fill in the years of use',
      Description: 'Please fill in the description',
      'Processor family': 'Please choose the processor family',
      'Processor model': 'Please fill in the processor model, like Core i5-8350U or M1',
      'Memory (RAM)': 'Please fill in the memory (RAM) in GB',
      Storage: 'Please fill in the storage in GB',
      'Storage type': 'Please choose the storage type',
      'Screen size': 'Please fill in the screen size in inches',
      'Add photos': 'Please choose a photo of the laptop',
      'Original price': 'Please fill in the original price',
      'Resale price': 'Please fill in the resale price',
      Location: 'Please fill in the location',
      'Mobile number': 'Please fill in the mobile number',
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
    expect(document.activeElement).toBe(screen.getByLabelText('Product name'));
    expect(calls).toEqual([]);
  });

  it('explains a spec or a price it cannot take', async () => {
    const { user } = renderPage();
    await fillIn(user);
    await type(user, 'Memory (RAM)', '16 GB');
    await type(user, 'Screen size', '40');
    await type(user, 'Screen resolution (optional)', 'full HD');
    await type(user, 'Resale price', 'cheap');
    await user.click(submit());
    expect(
      await screen.findByText('Please enter the memory in whole GB, from 1 to 256'),
    ).toBeTruthy();
    expect(
      screen.getByText('Please enter the screen size in inches, from 10 to 20, like 13.3'),
    ).toBeTruthy();
    expect(
      screen.getByText('Please enter the resolution as width × height, like 1920 x 1080'),
    ).toBeTruthy();
    expect(screen.getByText('Please enter a price in dollars, like 649.99')).toBeTruthy();

    await type(user, 'Resale price', '0');
    await user.click(submit());
    expect(await screen.findByText('The price must be more than $0')).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it('says under the price what the seller receives after the fee, or that there is none', async () => {
    const { user } = renderPage();
    const price = screen.getByLabelText('Resale price');
    const hint = () => document.getElementById(`${price.id}-hint`)?.textContent ?? '';
    await waitFor(() =>
      expect(hint()).toContain('Our fee is 5% of the price; you receive the rest.'),
    );
    await type(user, 'Resale price', '649.99');
    // 5% of $649.99 is $32.50 (rounded to the cent): $617.49 is left.
    expect(hint()).toContain('You receive $617.49 after our 5% fee.');
    expect(price.getAttribute('aria-describedby')).toContain(`${price.id}-hint`);
    await type(user, 'Resale price', 'cheap');
    expect(hint()).toContain('Our fee is 5% of the price');
  });

  it('says "No fee" when the platform takes none', async () => {
    dealTerms = { feePercent: 0, releaseAfterHours: 72 };
    renderPage();
    expect(await screen.findByText('No fee: you receive the full price.')).toBeTruthy();
  });

  it("explains the chosen grade, links to the grades, and refuses a battery below the grade's", async () => {
    const { user } = renderPage();
    await fillIn(user);
    const condition = screen.getByLabelText('Condition');
    await user.selectOptions(condition, 'Excellent');
    const summary = screen.getByText('Looks nearly new, works perfectly, battery at 85% or more.');
    expect(condition.getAttribute('aria-describedby')).toContain(summary.id);
    const link = screen.getByRole('link', { name: /What do the grades mean\?/ });
    expect(link.getAttribute('href')).toBe('/conditions');
    expect(link.getAttribute('target')).toBe('_blank');

    await type(user, 'Battery health (optional)', '80');
    await user.clear(screen.getByLabelText('Processor model'));
    await user.upload(photosInput(), photo());
    await user.click(submit());
    // Said along with the other fields' errors, not once they are right.
    expect(
      await screen.findByText('Please fill in the processor model, like Core i5-8350U or M1'),
    ).toBeTruthy();
    const error = await screen.findByText(
      'Excellent promises a battery at 85% or more: choose a lower grade, or check the battery health',
    );
    expect(
      screen.getByLabelText('Battery health (optional)').getAttribute('aria-describedby'),
    ).toContain(error.id);
    expect(saves()).toEqual([]);

    await user.selectOptions(condition, 'Good');
    await type(user, 'Processor model', 'Core i7-1185G7');
    await user.click(submit());
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toMatchObject({ conditionType: 'Good', batteryHealth: 80 });
  });

  it('uploads photos as soon as they are picked, each with its progress, the first as the cover', async () => {
    let finish: ((url: string) => void)[] = [];
    vi.mocked(uploadImage).mockImplementation((file, onProgress) => {
      onProgress?.(file.name === 'lid.png' ? 0.42 : 0.1);
      return new Promise((resolve) => finish.push(resolve));
    });
    const { user } = renderPage();
    await user.upload(photosInput(), [photo('lid.png'), photo('screen.png')]);

    const progress = (await screen.findByRole('progressbar', {
      name: 'Uploading photo 1',
    })) as HTMLProgressElement;
    expect(progress.value).toBe(42);
    expect(screen.getByRole('progressbar', { name: 'Uploading photo 2' })).toBeTruthy();
    expect(tileNames()).toEqual(['Photo 1', 'Photo 2']);
    const first = screen.getByRole('list', { name: 'Your photos' })
      .firstElementChild as HTMLElement;
    expect(within(first).getByText('Cover')).toBeTruthy();
    expect(vi.mocked(uploadImage).mock.calls.map(([file]) => file.name)).toEqual([
      'lid.png',
      'screen.png',
    ]);
    for (const done of finish) done('/api/images/done.webp');
    finish = [];
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
  });

  it('posts the specs and the photos in the order the seller put them, and goes to My Products', async () => {
    const loading = vi.spyOn(toast, 'loading');
    const dismiss = vi.spyOn(toast, 'dismiss');
    const { router, user } = renderPage();
    await fillIn(user);
    await type(user, 'Model (optional)', 'XPS 13 9310');
    await type(user, 'Battery health (optional)', '91');
    await user.selectOptions(screen.getByLabelText('Charger included (optional)'), 'Yes');
    await user.upload(photosInput(), [photo('lid.png'), photo('keys.png')]);
    // Adding more later adds them after the others.
    await user.upload(photosInput(), photo('ports.png'));
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));

    // The ports become the cover, by the arrow buttons; the focus stays with the photo.
    await user.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move photo 2 earlier' }),
    );
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move photo 1 earlier' }),
    );
    expect(screen.getByText('Photo moved to position 1 of 3.')).toBeTruthy();
    await user.click(submit());

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST upload lid.png',
      'POST upload keys.png',
      'POST upload ports.png',
      'POST /api/products',
    ]);
    expect(saves()[0]?.body).toEqual({
      ...requiredFields,
      ...blankOptionalSpecs,
      model: 'XPS 13 9310',
      batteryHealth: 91,
      chargerIncluded: true,
      photos: ['/api/images/ports.webp', '/api/images/lid.webp', '/api/images/keys.webp'],
    });
    expect(loading).toHaveBeenCalledWith('Adding your laptop…');
    expect(dismiss).toHaveBeenCalledWith(loading.mock.results[0]?.value);
    expect(toast.success).toHaveBeenCalledWith('Your laptop is now listed.');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('reorders by drag and drop, and removes a photo', async () => {
    const { router, user } = renderPage();
    await fillIn(user);
    await user.upload(photosInput(), [photo('a.png'), photo('b.png'), photo('c.png')]);
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    const tiles = () => [...screen.getByRole('list', { name: 'Your photos' }).children];

    fireEvent.dragStart(tiles()[2] as Element);
    fireEvent.dragOver(tiles()[0] as Element);
    fireEvent.drop(tiles()[0] as Element);
    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(tileNames()).toEqual(['Photo 1', 'Photo 2']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove photo 2' }));
    await user.click(submit());

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect((saves()[0]?.body as { photos: string[] }).photos).toEqual([
      '/api/images/c.webp',
      '/api/images/a.webp',
    ]);
  });

  it('adds photos dropped on the picker from the desktop', async () => {
    renderPage();
    // Dropped anywhere on the picker, as here on its file input.
    fireEvent.drop(photosInput(), { dataTransfer: { files: [photo('dropped.png')] } });
    await waitFor(() => expect(tileNames()).toEqual(['Photo 1']));
    expect(vi.mocked(uploadImage).mock.calls.map(([file]) => file.name)).toEqual(['dropped.png']);
  });

  it('takes at most eight photos and says which files it left out', async () => {
    const { user } = renderPage();
    const lax = userEvent.setup({ applyAccept: false });
    await lax.upload(photosInput(), [photo('notes.pdf', 'application/pdf'), photo('1.png')]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'notes.pdf was not added: Please choose a JPEG, PNG or WebP image.',
    );
    await user.upload(
      photosInput(),
      Array.from({ length: 9 }, (_, i) => photo(`${i + 2}.png`)),
    );
    expect(tileNames()).toHaveLength(8);
    expect(screen.getByRole('alert').textContent).toBe(
      'A listing can have at most 8 photos: 2 photos were not added.',
    );
    expect(
      screen.getByText(
        'You have added 8 photos, the most a listing can have. Remove one to add another.',
      ),
    ).toBeTruthy();
  });

  it('shows a failed upload on its photo with Retry, and saves once it is uploaded', async () => {
    vi.mocked(uploadImage).mockRejectedValueOnce(
      new ApiRequestError(0, 'NETWORK_ERROR', 'We could not reach the server.'),
    );
    const { router, user } = renderPage();
    await fillIn(user);
    await user.upload(photosInput(), photo('lid.png'));
    expect(await screen.findByText('We could not reach the server.')).toBeTruthy();

    await user.click(submit());
    expect(
      await screen.findByText('Photo 1 could not be uploaded: retry it, or remove it'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(photosInput());
    expect(saves()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Retry uploading photo 1' }));
    await waitFor(() =>
      expect(
        screen.queryByText('Photo 1 could not be uploaded: retry it, or remove it'),
      ).toBeNull(),
    );
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect((saves()[0]?.body as { photos: string[] }).photos).toEqual(['/api/images/lid.webp']);
  });

  it('offers no retry for a file the host refuses, or one too large even when resized', async () => {
    vi.mocked(uploadImage).mockRejectedValueOnce(
      new ApiRequestError(415, 'UNSUPPORTED_IMAGE', 'This file is not a readable image.'),
    );
    vi.mocked(resizePhoto).mockImplementation(async (file) =>
      file.name === 'huge.png' ? photo('huge.png', 'image/png', MAX_IMAGE_BYTES + 1) : file,
    );
    const { user } = renderPage();
    await user.upload(photosInput(), [photo('broken.png'), photo('huge.png')]);
    expect(await screen.findByText('This file is not a readable image.')).toBeTruthy();
    expect(await screen.findByText('The image is larger than 5 MB.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(vi.mocked(uploadImage).mock.calls.map(([file]) => file.name)).toEqual(['broken.png']);
  });

  it('waits for photos still uploading when saved, then posts them', async () => {
    let finish: (url: string) => void = () => {};
    vi.mocked(uploadImage).mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const loading = vi.spyOn(toast, 'loading');
    const { router, user } = renderPage();
    await fillIn(user);
    await user.upload(photosInput(), photo('lid.png'));
    await user.click(submit());

    await waitFor(() =>
      expect(loading).toHaveBeenCalledWith('Waiting for the photos to finish uploading…'),
    );
    expect(submit().disabled).toBe(true);
    expect(saves()).toEqual([]);
    finish('/api/images/lid.webp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myproducts'));
    expect((saves()[0]?.body as { photos: string[] }).photos).toEqual(['/api/images/lid.webp']);
  });

  it("shows the server's field errors on their fields and does not upload again on retry", async () => {
    saveResponse = () =>
      jsonResponse(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields need attention.',
            fields: {
              name: 'This can be at most 120 characters',
              yearsOfUse: 'Too many years',
              photos: 'Please upload the photo first',
            },
          },
        },
        400,
      );
    const { router, user } = renderPage();
    await fillIn(user);
    await user.upload(photosInput(), photo('lid.png'));
    await user.click(submit());

    const nameError = await screen.findByText('This can be at most 120 characters');
    expect(screen.getByLabelText('Product name').getAttribute('aria-describedby')).toContain(
      nameError.id,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Product name'));
    expect(screen.getByText('Too many years')).toBeTruthy();
    const photosError = screen.getByText('Please upload the photo first');
    expect(photosInput().getAttribute('aria-describedby')).toContain(photosError.id);
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
      'POST upload lid.png',
      'POST /api/products',
      'POST /api/products',
    ]);
  });

  it('sends the serial number as typed, normalised; refuses one that is not one, and shows a stolen one on its field', async () => {
    const { router, user } = renderPage();
    await fillIn(user);
    await user.upload(photosInput(), photo('lid.png'));
    await type(user, 'Serial number (optional)', '!!');
    await user.click(submit());
    const invalid = await screen.findByText(/A serial number has 4 to 40 letters and digits/);
    expect(
      screen.getByLabelText('Serial number (optional)').getAttribute('aria-describedby'),
    ).toContain(invalid.id);
    expect(saves()).toHaveLength(0);

    saveResponse = () =>
      jsonResponse(
        {
          error: {
            code: 'SERIAL_STOLEN',
            message: 'This serial number is reported stolen.',
            fields: { serialNumber: 'This serial number is reported stolen.' },
          },
        },
        422,
      );
    await type(user, 'Serial number (optional)', ' c02-xy 12 ');
    await user.click(submit());
    await screen.findByText('This serial number is reported stolen.', { selector: 'p' });
    expect(document.activeElement).toBe(screen.getByLabelText('Serial number (optional)'));
    expect((saves()[0]?.body as { serialNumber: string }).serialNumber).toBe('C02XY12');
    expect(router.state.location.pathname).toBe('/dashboard/addaproduct');
  });
});
