import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OwnProduct } from '@laptops/shared/products';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { makeOwnProduct } from '../../../testing/factories.ts';
import { MyProductsPage } from './my-products.tsx';

const fresh = makeOwnProduct({ _id: 'p-fresh', name: 'Dell XPS 13' });
const advertised = makeOwnProduct({
  _id: 'p-advertised',
  name: 'Lenovo ThinkPad T14',
  isAdvertise: true,
  resalePrice: 1049,
  dateOfPost: '2026-11-18T12:00:00.000Z',
});
const sold = makeOwnProduct({
  _id: 'p-sold',
  name: 'HP EliteBook 840',
  status: 'sold',
  isSold: true,
  isAdvertise: true,
});

let products: OwnProduct[];
let calls: ApiCall[];
let listResponse: () => Response;
let actionResponse: (method: string, id: string) => Response;

beforeEach(() => {
  products = [fresh, advertised, sold];
  listResponse = () => jsonResponse(products);
  actionResponse = (method, id) => {
    if (method === 'PUT') {
      products = products.map((p) => (p._id === id ? { ...p, isAdvertise: true } : p));
      return jsonResponse({ modifiedCount: 1 });
    }
    products = products.filter((p) => p._id !== id);
    return jsonResponse({ deletedCount: 1 });
  };
  calls = mockApi(({ method, url }) => {
    if (url.pathname === '/api/myProducts' && method === 'GET') return listResponse();
    if (url.pathname === '/api/myProducts') {
      return actionResponse(method, url.searchParams.get('id') ?? '');
    }
    return undefined;
  });
});

afterEach(undoMocks);

function renderPage() {
  const { router } = renderWithProviders(<MyProductsPage />, {
    path: '/dashboard/myproducts',
    routes: [
      { path: '/dashboard/addaproduct', element: <p>Add product page</p> },
      { path: '/dashboard/myproducts/:id/edit', element: <p>Edit product page</p> },
    ],
  });
  return { router, user: userEvent.setup() };
}

/** The table row whose row header is the product's name. */
const row = (name: string) => {
  const header = screen.getByRole('rowheader', { name });
  return header.closest('tr') as HTMLTableRowElement;
};

const mutations = () => calls.filter((call) => call.method !== 'GET');
const dialog = () => document.querySelector('dialog') as HTMLDialogElement;

describe('MyProductsPage', () => {
  it('lists the products with their columns, short dates, prices and status', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My products' })).toBeTruthy();
    expect(screen.getByTestId('spinner')).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'Dell XPS 13' });

    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Posted', 'Price', 'Status', 'Action']);
    for (const th of screen.getAllByRole('columnheader')) {
      expect(th.getAttribute('scope')).toBe('col');
    }
    expect(within(row('Lenovo ThinkPad T14')).getByText('2026-11-18')).toBeTruthy();
    expect(within(row('Lenovo ThinkPad T14')).getByText('$1,049.00')).toBeTruthy();
    expect(within(row('Dell XPS 13')).getByText('Available')).toBeTruthy();
    expect(within(row('HP EliteBook 840')).getByText('Sold')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a laptop' }).getAttribute('href')).toBe(
      '/dashboard/addaproduct',
    );
  });

  it("shows where each laptop's verification photo stands, and of a sold one only its badge", async () => {
    products = [
      { ...fresh, verification: 'rejected' },
      { ...advertised, verification: 'waiting-for-review' },
      { ...sold, verification: 'approved' },
      makeOwnProduct({ _id: 'p-never', name: 'Acer Swift 3' }),
      makeOwnProduct({
        _id: 'p-sold-lapsed',
        name: 'Asus ZenBook 14',
        isSold: true,
        status: 'sold',
        verification: 'lapsed',
      }),
    ];
    renderPage();
    await screen.findByRole('rowheader', { name: 'Dell XPS 13' });

    expect(within(row('Dell XPS 13')).getByText('Photo not approved')).toBeTruthy();
    expect(within(row('Lenovo ThinkPad T14')).getByText('Photo in review')).toBeTruthy();
    expect(within(row('HP EliteBook 840')).getByText('Photo verified')).toBeTruthy();
    expect(within(row('Acer Swift 3')).queryByText(/verif|review|approved/i)).toBeNull();
    expect(within(row('Asus ZenBook 14')).queryByText('Verification lapsed')).toBeNull();
  });

  it("offers 'Advertise' only for available, not advertised products, and nothing for sold ones", async () => {
    renderPage();
    await screen.findByRole('rowheader', { name: 'Dell XPS 13' });

    const advertiseButtons = screen.getAllByRole('button', { name: /^Advertise/ });
    expect(advertiseButtons).toHaveLength(1);
    expect(within(row('Dell XPS 13')).getByRole('button', { name: /^Advertise/ })).toBe(
      advertiseButtons[0],
    );

    const lenovo = row('Lenovo ThinkPad T14');
    expect(within(lenovo).getByText('Advertised')).toBeTruthy();
    expect(within(lenovo).queryByRole('button', { name: /^Advertise/ })).toBeNull();
    expect(
      within(lenovo).getByRole('button', { name: 'Delete: Lenovo ThinkPad T14' }),
    ).toBeTruthy();

    const hp = row('HP EliteBook 840');
    expect(within(hp).queryAllByRole('button')).toHaveLength(0);
    expect(within(hp).queryByText('Advertised')).toBeNull();
  });

  it("links each laptop's name to its page, and an unsold one to its edit page", async () => {
    const { router, user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Dell XPS 13' });

    for (const product of [fresh, advertised, sold]) {
      const name = within(row(product.name)).getByRole('link', { name: product.name });
      expect(name.getAttribute('href')).toBe(`/laptops/${product._id}`);
    }
    const edit = within(row('Lenovo ThinkPad T14')).getByRole('link', {
      name: 'Edit: Lenovo ThinkPad T14',
    });
    expect(edit.textContent).toBe('Edit');
    expect(edit.getAttribute('href')).toBe('/dashboard/myproducts/p-advertised/edit');
    expect(screen.getAllByRole('link', { name: /^Edit: / })).toHaveLength(2);
    // A sold laptop cannot be edited.
    expect(within(row('HP EliteBook 840')).queryByRole('link', { name: /^Edit/ })).toBeNull();

    await user.click(within(row('Dell XPS 13')).getByRole('link', { name: 'Edit: Dell XPS 13' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/myproducts/p-fresh/edit'),
    );
  });

  it('advertises a product and then shows the Advertised badge', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Dell XPS 13' });
    await user.click(
      within(row('Dell XPS 13')).getByRole('button', { name: 'Advertise: Dell XPS 13' }),
    );

    await waitFor(() => expect(within(row('Dell XPS 13')).getByText('Advertised')).toBeTruthy());
    // The badge takes the place and the focus of the button it replaced.
    expect(document.activeElement).toBe(within(row('Dell XPS 13')).getByText('Advertised'));
    expect(mutations()).toEqual([{ method: 'PUT', path: '/api/myProducts?id=p-fresh' }]);
    expect(toast.success).toHaveBeenCalledWith('Dell XPS 13 is now advertised on the home page.');
    expect(screen.queryAllByRole('button', { name: /^Advertise/ })).toHaveLength(0);
  });

  it('asks before deleting and sends nothing on Cancel', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Dell XPS 13' });
    expect(dialog().open).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete: Dell XPS 13' }));
    expect(dialog().open).toBe(true);
    expect(within(dialog()).getByRole('heading', { name: 'Delete Dell XPS 13?' })).toBeTruthy();
    expect(
      within(dialog()).getByText(
        'Delete this laptop? It comes off the marketplace, and nobody can book it any more.',
      ),
    ).toBeTruthy();
    const cancel = within(dialog()).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);

    await user.click(cancel);
    await waitFor(() => expect(dialog().open).toBe(false));
    expect(mutations()).toEqual([]);
    expect(screen.getByRole('rowheader', { name: 'Dell XPS 13' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete: Dell XPS 13' }));
    // Escape: the browser fires 'cancel' on the modal dialog (happy-dom does not do it itself).
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(dialog().open).toBe(false));
    expect(mutations()).toEqual([]);
  });

  it('deletes after confirmation and removes the row', async () => {
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Dell XPS 13' });
    await user.click(screen.getByRole('button', { name: 'Delete: Dell XPS 13' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Dell XPS 13' })).toBeNull(),
    );
    expect(mutations()).toEqual([{ method: 'DELETE', path: '/api/myProducts?id=p-fresh' }]);
    expect(toast.success).toHaveBeenCalledWith('Dell XPS 13 was deleted.');
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it("shows the server's message when a delete is refused", async () => {
    actionResponse = () =>
      jsonResponse(
        { error: { code: 'PRODUCT_SOLD', message: 'A sold laptop cannot be deleted.' } },
        409,
      );
    const { user } = renderPage();
    await screen.findByRole('rowheader', { name: 'Dell XPS 13' });
    await user.click(screen.getByRole('button', { name: 'Delete: Dell XPS 13' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('A sold laptop cannot be deleted.'),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('rowheader', { name: 'Dell XPS 13' })).toBeTruthy();
  });

  it('says there are no laptops yet and offers to add one', async () => {
    products = [];
    renderPage();
    const empty = await screen.findByText('You have not listed any laptops yet.');
    const addOne = within(empty.parentElement as HTMLElement).getByRole('link', {
      name: 'Add a laptop',
    });
    expect(addOne.getAttribute('href')).toBe('/dashboard/addaproduct');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    listResponse = () =>
      fail
        ? jsonResponse({ error: { code: 'UNAVAILABLE', message: 'Try later.' } }, 503)
        : jsonResponse(products);
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your laptops.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Dell XPS 13' })).toBeTruthy();
  });
});
