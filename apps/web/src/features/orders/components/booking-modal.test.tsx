import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingMessages as rules } from '@laptops/shared/messages';
import type { Product } from '@laptops/shared/products';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { BookingModal } from './booking-modal.tsx';

const product: Product = {
  _id: '7b1c0a52-3a55-4a8e-9a43-1f2b3c4d5e6f',
  name: 'Lenovo ThinkPad X1 Carbon Gen 11 (2023)',
  image: '/api/images/x1.webp',
  thumbnail: '/api/images/x1-thumb.webp',
  location: 'Austin, TX',
  description: 'Light and fast.',
  category: 'c1',
  categoryName: 'Lenovo',
  conditionType: 'Good',
  dateOfPost: '2026-11-20T09:15:00.000Z',
  yearsOfUse: 2,
  originalPrice: 1899,
  resalePrice: 949.5,
  sellerId: 'u-marcus',
  sellerName: 'Marcus Lee',
  sellerImage: null,
  isVerified: true,
  sellerRating: null,
  status: 'available',
  isSold: false,
  isAdvertise: false,
  wasPrice: null,
  specs: {
    cpuModel: 'Core i7-1250U',
    ramGb: 16,
    storageGb: 512,
    storageType: 'SSD',
    screenInches: 13.4,
    batteryHealth: 90,
  },
};

let fetchMock: ReturnType<typeof vi.fn>;
let myOrders: unknown[];
let bookingAnswer: () => Response;
/** The bookings sent (the modal also asks for the buyer's orders). */
const posts = () =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

beforeEach(() => {
  myOrders = [];
  bookingAnswer = () => jsonResponse({ acknowledged: true, insertedId: 'o1' }, 201);
  // GET /api/myOrders: the buyer's bookings; the booking itself is the POST.
  fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    init?.method === 'POST' ? bookingAnswer() : jsonResponse(myOrders),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Stands in for a card grid: 'Book' opens the modal for the product. */
function Harness({ shown }: { shown: Product }) {
  const [booked, setBooked] = useState<Product | null>(null);
  return (
    <>
      <button type="button" onClick={() => setBooked(shown)}>
        Open
      </button>
      <p>{booked ? `booking ${booked.name}` : 'modal closed'}</p>
      <BookingModal product={booked} onClose={() => setBooked(null)} />
    </>
  );
}

async function openModal(shown = product) {
  renderWithProviders(<Harness shown={shown} />, { path: '*' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return user;
}

const dialog = () => document.querySelector('dialog');
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('BookingModal', () => {
  it('shows the name cut at 22 characters, and the seller and price read-only', async () => {
    const user = await openModal();

    expect(dialog()?.open).toBe(true);
    expect(document.activeElement).toBe(input('Meeting place'));
    expect(screen.getByRole('heading', { name: 'Book this laptop' })).toBeTruthy();
    expect(input('Laptop').value).toBe('Lenovo ThinkPad X1 Car...');
    expect(input('Seller').value).toBe('Marcus Lee');
    expect(input('Price').value).toBe('$949.50');
    for (const label of ['Laptop', 'Seller', 'Price']) {
      expect(input(label).readOnly).toBe(true);
    }
    await user.type(input('Seller'), 'x');
    expect(input('Seller').value).toBe('Marcus Lee');
    // No contact details before a booking: the order page has the seller's phone.
    const values = [...(dialog()?.querySelectorAll('input') ?? [])].map((field) => field.value);
    expect(values.filter((value) => value.includes('@'))).toEqual([]);
  });

  it('requires the meeting location and the phone number', async () => {
    const user = await openModal();
    await user.click(screen.getByRole('button', { name: 'Book' }));

    expect(await screen.findByText(rules.locationRequired)).toBeTruthy();
    expect(screen.getByText(rules.phoneRequired)).toBeTruthy();
    expect(input('Meeting place').getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toEqual([]);
    expect(dialog()?.open).toBe(true);
  });

  it('posts { productId, meetingLocation, buyerPhone }, then offers to pay at once', async () => {
    const user = await openModal();
    await user.type(input('Meeting place'), '  Downtown library ');
    await user.type(input('Phone number'), '+1 512 555 0199');
    await user.click(screen.getByRole('button', { name: 'Book' }));

    const pay = await screen.findByRole('link', { name: 'Pay now' });
    expect(pay.getAttribute('href')).toBe('/dashboard/payment/o1');
    await waitFor(() => expect(document.activeElement).toBe(pay));
    expect(screen.getByRole('heading', { name: 'Booked' })).toBeTruthy();
    expect(posts()).toHaveLength(1);
    const [url, init] = posts()[0] as [string, RequestInit];
    expect(url).toBe('/api/myOrders');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      productId: product._id,
      meetingLocation: 'Downtown library',
      buyerPhone: '+1 512 555 0199',
    });
    expect(toast.success).toHaveBeenCalledWith('Booked.');
    // Paying later is fine too.
    await user.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.getByText('modal closed')).toBeTruthy());
  });

  it("shows the server's refusal and stays open, keeping what was typed", async () => {
    bookingAnswer = () =>
      jsonResponse(
        { error: { code: 'ALREADY_BOOKED', message: 'You have already booked this laptop.' } },
        409,
      );
    const user = await openModal();
    await user.type(input('Meeting place'), 'Downtown library');
    await user.type(input('Phone number'), '+1 512 555 0199');
    await user.click(screen.getByRole('button', { name: 'Book' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('You have already booked this laptop.'),
    );
    expect(dialog()?.open).toBe(true);
    expect(input('Meeting place').value).toBe('Downtown library');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('closes with Cancel without sending anything', async () => {
    const user = await openModal();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('modal closed')).toBeTruthy());
    expect(posts()).toEqual([]);
  });

  it('tells a buyer who booked this laptop already, before they fill the form in again', async () => {
    myOrders = [
      {
        _id: 'o0',
        productId: product._id,
        productName: product.name,
        thumbnail: product.image,
        sellerName: 'Marcus Lee',
        sellerMobileNumber: '+1 512 555 0199',
        sellerLocation: 'Downtown library',
        price: product.resalePrice,
        paid: false,
        status: 'unpaid',
        transactionId: null,
        bookedAt: '2026-11-20T10:00:00.000Z',
      },
    ];
    await openModal();

    expect(await screen.findByText(rules.alreadyBooked)).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/dashboard/payment/o0',
    );
  });
});
