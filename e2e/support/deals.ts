import { expect, test, type Page } from '@playwright/test';

/** The Origin that writes with the session cookie must carry (the cross-site guard). */
const origin = () => ({ origin: String(test.info().project.use.baseURL) });

/** Books the laptop through the API as the signed-in `page`, and returns the order's id. */
export async function book(page: Page, productId: string): Promise<string> {
  const booked = await page.request.post('/api/myOrders', {
    headers: origin(),
    data: {
      productId,
      meetingLocation: 'Central station, main hall',
      buyerPhone: '+1 402 555 0177',
    },
  });
  expect(booked.status()).toBe(201);
  return ((await booked.json()) as { insertedId: string }).insertedId;
}

/** Pays for the order in the sandbox as the payment page would, without drawing it. */
export async function payWithApi(page: Page, orderId: string) {
  const started = await page.request.post('/api/create-payment-intent', {
    headers: origin(),
    data: { orderId },
  });
  expect(started.ok()).toBe(true);
  const intent = (await started.json()) as { paymentIntentId: string; clientSecret: string };
  const confirmed = await page.request.post(
    `/api/sandbox/payment_intents/${intent.paymentIntentId}/confirm`,
    {
      headers: origin(),
      data: {
        client_secret: intent.clientSecret,
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
        billing_details: { name: 'Test Buyer', email: 'buyer@example.test' },
      },
    },
  );
  expect(confirmed.ok()).toBe(true);
  const recorded = await page.request.post('/api/payments', {
    headers: origin(),
    data: { orderId, transactionId: intent.paymentIntentId },
  });
  expect(recorded.status()).toBe(201);
}
