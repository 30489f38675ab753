import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@laptops/shared/orders';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { makeOrder } from '../../../testing/factories.ts';
import { jsonResponse } from '../../../testing/json-response.ts';
import { PaymentPage } from './payment.tsx';

/** Stand-ins for Stripe.js: the sandbox path must never load them. */
const stripeFakes = vi.hoisted(() => {
  const card = { kind: 'card-element' };
  return {
    card,
    stripe: { confirmCardPayment: vi.fn() },
    loadStripe: vi.fn(),
  };
});

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeFakes.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: () => <div data-testid="stripe-card" />,
  useStripe: () => stripeFakes.stripe,
  useElements: () => ({ getElement: () => stripeFakes.card }),
}));

const ORDER_ID = '3f2b1c0a-5a4e-4d3c-9b2a-1f0e9d8c7b6a';
const INTENT_ID = 'pi_sandbox_Abc123';
const CLIENT_SECRET = `${INTENT_ID}_secret_xyz`;

/** The order on the page: Bea's unpaid booking. */
const orderToPay = (overrides: Partial<Order> = {}) => makeOrder({ _id: ORDER_ID, ...overrides });

type Call = { method: string; path: string; body: unknown };

let calls: Call[];
let provider: 'sandbox' | 'stripe';
let intentResponse: () => Promise<Response>;
let confirmResponse: () => Response;
let recordResponse: () => Response;

const intentResult = () => ({
  clientSecret: CLIENT_SECRET,
  paymentIntentId: INTENT_ID,
  provider,
  publishableKey: provider === 'stripe' ? 'pk_test_123' : null,
  amount: 74950,
});

beforeEach(() => {
  calls = [];
  provider = 'sandbox';
  intentResponse = async () => jsonResponse(intentResult());
  confirmResponse = () => jsonResponse({ paymentIntent: { id: INTENT_ID, status: 'succeeded' } });
  recordResponse = () => jsonResponse({ acknowledged: true, insertedId: 'pay-1' }, 201);
  stripeFakes.loadStripe.mockReset();
  stripeFakes.loadStripe.mockResolvedValue(stripeFakes.stripe);
  stripeFakes.stripe.confirmCardPayment.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      if (path === '/api/auth/get-session') {
        return jsonResponse({
          user: { id: 'u1', name: 'Bea Buyer', email: 'bea@example.com', typeOfUser: 'buyer' },
        });
      }
      if (path === '/api/payment-config') {
        return jsonResponse({
          provider,
          publishableKey: provider === 'stripe' ? 'pk_test_123' : null,
        });
      }
      if (path === '/api/create-payment-intent') return intentResponse();
      if (path === `/api/sandbox/payment_intents/${INTENT_ID}/confirm`) return confirmResponse();
      if (path === '/api/payments') return recordResponse();
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(order: Order = orderToPay()) {
  const { queryClient } = renderWithProviders(<PaymentPage order={order} />, {
    path: '/dashboard/payment/:id',
    at: `/dashboard/payment/${order._id}`,
    routes: [{ path: '/dashboard/myorders', element: <p>my orders</p> }],
  });
  return { user: userEvent.setup(), queryClient };
}

const called = (path: string) => calls.filter((call) => call.path === path);
const payButton = () => screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement;

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242 4242 4242 4242') {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.type(screen.getByLabelText('CVC'), '123');
  // The buyer's name is filled in for them.
  await waitFor(() =>
    expect((screen.getByLabelText('Name on card') as HTMLInputElement).value).toBe('Bea Buyer'),
  );
}

describe('PaymentPage (sandbox)', () => {
  it('shows the product and price, a test-mode card form, and keeps Pay disabled until the client secret arrives', async () => {
    let answer: (response: Response) => void = () => undefined;
    intentResponse = () => new Promise<Response>((resolve) => (answer = resolve));
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Payment for Dell XPS 13' })).toBeTruthy();
    expect(screen.getByText('Please pay $749.50')).toBeTruthy();
    // The summary beside the form: the laptop, and that the money waits for the handover.
    expect(screen.getByText(/^We hold your payment until you have the laptop/)).toBeTruthy();
    expect(await screen.findByText('Test mode')).toBeTruthy();
    expect(
      screen.getByText('Use the test card 4242 4242 4242 4242, any future date and any CVC.'),
    ).toBeTruthy();
    const number = screen.getByLabelText('Card number') as HTMLInputElement;
    expect(number.inputMode).toBe('numeric');
    expect(number.getAttribute('autocomplete')).toBe('cc-number');
    await waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('bea@example.com'),
    );

    expect(payButton().disabled).toBe(true);
    await waitFor(() => expect(called('/api/create-payment-intent')).toHaveLength(1));
    expect(called('/api/create-payment-intent')[0]?.body).toEqual({ orderId: ORDER_ID });

    answer(jsonResponse(intentResult()));
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(called('/api/create-payment-intent')).toHaveLength(1);
    expect(stripeFakes.loadStripe).not.toHaveBeenCalled();
  });

  it('checks the card fields before sending anything', async () => {
    const { user } = renderPage();
    await waitFor(() => expect(payButton().disabled).toBe(false));
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '13/30');
    await user.clear(screen.getByLabelText('Name on card'));
    await user.click(payButton());

    expect(await screen.findByText('Please enter the card number')).toBeTruthy();
    expect(screen.getByText('Please enter the expiry date as MM/YY, like 12/34')).toBeTruthy();
    expect(screen.getByText('Please enter the CVC')).toBeTruthy();
    expect(screen.getByText('Please enter the name on the card')).toBeTruthy();
    expect(called(`/api/sandbox/payment_intents/${INTENT_ID}/confirm`)).toHaveLength(0);
  });

  it("shows 'Your card was declined.' in red on a 402 and does not record a payment", async () => {
    confirmResponse = () =>
      jsonResponse({ error: { code: 'card_declined', message: 'Your card was declined.' } }, 402);
    const { user } = renderPage();
    await waitFor(() => expect(payButton().disabled).toBe(false));
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(payButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your card was declined.');
    expect(alert.className).toContain('text-error');
    expect(called(`/api/sandbox/payment_intents/${INTENT_ID}/confirm`)).toHaveLength(1);
    expect(called('/api/payments')).toHaveLength(0);
    expect(screen.queryByText('Payment complete. Thank you!')).toBeNull();
    expect(payButton().disabled).toBe(false);
  });

  it('confirms the card, records the payment and shows the transaction id', async () => {
    const { user, queryClient } = renderPage();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await waitFor(() => expect(payButton().disabled).toBe(false));
    await fillCard(user);
    await user.click(payButton());

    expect(await screen.findByText('Payment complete. Thank you!')).toBeTruthy();
    expect(screen.getByText(`Transaction ID: ${INTENT_ID}`)).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.queryByText(/Please pay/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();

    expect(called(`/api/sandbox/payment_intents/${INTENT_ID}/confirm`)[0]?.body).toEqual({
      client_secret: CLIENT_SECRET,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      billing_details: { name: 'Bea Buyer', email: 'bea@example.com' },
    });
    expect(called('/api/payments')).toHaveLength(1);
    expect(called('/api/payments')[0]).toMatchObject({
      method: 'POST',
      body: { orderId: ORDER_ID, transactionId: INTENT_ID },
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['my-orders'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['products'] });
  });

  it('retries only the recording when the card was charged but recording failed', async () => {
    recordResponse = () =>
      jsonResponse({ error: { code: 'BOOM', message: 'Try again later.' } }, 503);
    const { user } = renderPage();
    await waitFor(() => expect(payButton().disabled).toBe(false));
    await fillCard(user);
    await user.click(payButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Try again later.');

    recordResponse = () => jsonResponse({ acknowledged: true, insertedId: 'pay-1' }, 201);
    await user.click(payButton());
    expect(await screen.findByText('Payment complete. Thank you!')).toBeTruthy();
    expect(called(`/api/sandbox/payment_intents/${INTENT_ID}/confirm`)).toHaveLength(1);
    expect(called('/api/payments')).toHaveLength(2);
  });

  it('tells the buyer when the laptop was sold meanwhile and the payment refunded', async () => {
    recordResponse = () =>
      jsonResponse(
        {
          error: {
            code: 'PAYMENT_REFUNDED',
            message: 'This laptop was sold to another buyer. Your payment was refunded.',
          },
        },
        409,
      );
    const { user } = renderPage();
    await waitFor(() => expect(payButton().disabled).toBe(false));
    await fillCard(user);
    await user.click(payButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your payment was refunded.');
    expect(within(alert).getByRole('link', { name: 'Back to My orders' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it("shows the server's message when the payment cannot start", async () => {
    intentResponse = async () =>
      jsonResponse(
        { error: { code: 'ON_HOLD', message: 'Another buyer is paying for this laptop now.' } },
        409,
      );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Another buyer is paying for this laptop now.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });
});

describe('PaymentPage (orders that cannot be paid)', () => {
  it('shows a paid order as Paid with its transaction id, and no form', async () => {
    renderPage(orderToPay({ paid: true, status: 'paid', transactionId: 'pi_sandbox_Paid1' }));
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.getByText('Transaction ID: pi_sandbox_Paid1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    // A paid order never asks to be paid; it leads to its order page.
    expect(screen.queryByText(/Please pay/)).toBeNull();
    expect(screen.getByText('Amount: $749.50')).toBeTruthy();
    expect(screen.queryByText(/you can open a dispute until then/)).toBeNull();
    expect(screen.getByRole('link', { name: 'See the order' }).getAttribute('href')).toBe(
      `/dashboard/orders/${orderToPay()._id}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(called('/api/create-payment-intent')).toHaveLength(0);
  });

  it.each([
    ['sold-to-another', 'This laptop was sold to another buyer'],
    ['withdrawn', 'The seller took this laptop off the marketplace'],
  ] as const)('says a %s order can no longer be paid', async (status, text) => {
    renderPage(orderToPay({ status }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(text);
    expect(within(alert).getByRole('link', { name: 'Back to My orders' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(called('/api/create-payment-intent')).toHaveLength(0);
  });
});

describe('PaymentPage (stripe)', () => {
  beforeEach(() => {
    provider = 'stripe';
  });

  it('loads Stripe with the publishable key and confirms with confirmCardPayment', async () => {
    stripeFakes.stripe.confirmCardPayment.mockResolvedValue({
      paymentIntent: { id: INTENT_ID, status: 'succeeded' },
    });
    const { user } = renderPage();
    expect(await screen.findByTestId('stripe-card')).toBeTruthy();
    expect(stripeFakes.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByText('Test mode')).toBeNull();
    await waitFor(() => expect(payButton().disabled).toBe(false));
    await waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('bea@example.com'),
    );
    // The buyer's name is filled in for them.
    await waitFor(() =>
      expect((screen.getByLabelText('Name on card') as HTMLInputElement).value).toBe('Bea Buyer'),
    );
    await user.click(payButton());

    expect(await screen.findByText('Payment complete. Thank you!')).toBeTruthy();
    expect(stripeFakes.stripe.confirmCardPayment).toHaveBeenCalledWith(CLIENT_SECRET, {
      payment_method: {
        card: stripeFakes.card,
        billing_details: { name: 'Bea Buyer', email: 'bea@example.com' },
      },
    });
    expect(called('/api/payments')[0]?.body).toEqual({
      orderId: ORDER_ID,
      transactionId: INTENT_ID,
    });
  });

  it("shows Stripe's error message in red and records nothing", async () => {
    stripeFakes.stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    const { user } = renderPage();
    await screen.findByTestId('stripe-card');
    await waitFor(() => expect(payButton().disabled).toBe(false));
    // The buyer's name is filled in for them.
    await waitFor(() =>
      expect((screen.getByLabelText('Name on card') as HTMLInputElement).value).toBe('Bea Buyer'),
    );
    await user.click(payButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your card has insufficient funds.');
    expect(alert.className).toContain('text-error');
    expect(called('/api/payments')).toHaveLength(0);
  });
});
