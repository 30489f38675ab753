import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiSignedInAs, createAccount, signIn, type TestAccount } from './support/accounts.ts';
import { accessibilityViolations } from './support/axe.ts';
import { sellerWithListing } from './support/listings.ts';

// A buyer, a seller and an admin, each through several screens.
test.describe.configure({ timeout: 240_000 });

const demoAdmin = { email: 'admin@example.com', password: 'demo1234' };
const photoPath = path.join(import.meta.dirname, 'support', 'avatar.png');

/** Books the laptop and pays for it in the sandbox through the API, as the payment page does. */
async function bookAndPay(api: APIRequestContext, productId: string): Promise<string> {
  const booked = await api.post('/api/myOrders', {
    data: { productId, meetingLocation: 'Central library', buyerPhone: '+1 402 555 0199' },
  });
  expect(booked.status()).toBe(201);
  const orderId = ((await booked.json()) as { insertedId: string }).insertedId;
  const started = await api.post('/api/create-payment-intent', { data: { orderId } });
  const intent = (await started.json()) as { paymentIntentId: string; clientSecret: string };
  const confirmed = await api.post(
    `/api/sandbox/payment_intents/${intent.paymentIntentId}/confirm`,
    {
      data: {
        client_secret: intent.clientSecret,
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
        billing_details: { name: 'Dee Buyer', email: 'dee@example.test' },
      },
    },
  );
  expect(confirmed.ok()).toBe(true);
  const recorded = await api.post('/api/payments', {
    data: { orderId, transactionId: intent.paymentIntentId },
  });
  expect(recorded.status()).toBe(201);
  return orderId;
}

async function pageSignedInAs(browser: Browser, account: Pick<TestAccount, 'email' | 'password'>) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/** The value the order page's dispute card gives for `term`. */
const disputeFact = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Dispute' })
    .getByRole('term')
    .filter({ hasText: term })
    .locator('xpath=following-sibling::dd[1]');

test('a buyer disputes a paid deal with a photo, the seller answers, an admin refunds part', async ({
  page,
  browser,
  request,
}) => {
  const listing = await sellerWithListing({
    name: `HP ProBook 450 Dispute${Date.now().toString(36)}`,
    brand: 'HP',
    price: 420,
  });
  const buyer = await createAccount(request, 'buyer', 'Dee Buyer');
  const buyerApi = await apiSignedInAs(buyer);
  const orderId = await bookAndPay(buyerApi, listing.productId);
  await buyerApi.dispose();

  // The buyer opens a dispute from the order page, with a photo of the problem.
  await signIn(page, buyer);
  await page.goto(`/dashboard/orders/${orderId}`);
  await page.getByRole('button', { name: 'Open a dispute' }).click();
  await expect(page.getByRole('heading', { name: 'Open a dispute' })).toBeFocused();
  await page.getByRole('button', { name: 'Open the dispute' }).click();
  await expect(page.getByText('Please choose what went wrong')).toBeVisible();
  await page.getByLabel('Does not work').check();
  await page.getByLabel('Tell us what happened').fill('The screen stays black after the HP logo.');
  await page.getByLabel('Add a photo').setInputFiles(photoPath);
  await expect(page.getByRole('img', { name: 'Photo 1 of the problem' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Open the dispute' }).click();
  await expect(page.getByRole('heading', { name: 'Dispute', exact: true })).toBeFocused();
  await expect(page.getByText('Disputed', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Photo 1 \(opens the full size\)/ })).toBeVisible();

  // The seller reads it in the thread and answers there.
  const sellerPage = await pageSignedInAs(browser, listing.seller);
  await sellerPage.goto('/dashboard/messages');
  await sellerPage.getByRole('link', { name: /Dee Buyer/ }).click();
  const sellerThread = sellerPage.getByRole('list', { name: 'Messages' });
  await expect(sellerThread.getByText(/The buyer opened a dispute: Does not work/)).toBeVisible();
  await sellerPage.getByLabel('Your message').fill('It started fine when I handed it over.');
  await sellerPage.getByRole('button', { name: 'Send' }).click();
  await expect(sellerThread.getByText('It started fine when I handed it over.')).toBeVisible();

  // The admin finds it in the console, reads the thread, and refunds part of it.
  const adminPage = await pageSignedInAs(browser, demoAdmin);
  await adminPage.goto('/dashboard/disputes');
  await adminPage.getByRole('link', { name: `Open the dispute about ${listing.name}` }).click();
  await expect(adminPage.getByRole('heading', { name: `Dispute: ${listing.name}` })).toBeVisible();
  const adminThread = adminPage.getByRole('list', { name: 'The conversation' });
  await expect(adminThread.getByText('It started fine when I handed it over.')).toBeVisible();
  await expect(
    adminPage.getByRole('link', { name: 'Photo 1 from the buyer (opens the full size)' }),
  ).toBeVisible();
  expect(await accessibilityViolations(adminPage)).toEqual([]);

  await adminPage.getByLabel('Refund in part').check();
  await adminPage.getByLabel('Amount to refund, in dollars').fill('420');
  await adminPage
    .getByLabel('Note to the buyer and the seller')
    .fill(
      'The screen fails after a few minutes; the seller keeps the rest for the parts that work.',
    );
  await adminPage.getByRole('button', { name: 'Settle…' }).click();
  await expect(
    adminPage.getByText('A partial refund must be less than the $420.00 held.', { exact: false }),
  ).toBeVisible();
  await adminPage.getByLabel('Amount to refund, in dollars').fill('100.50');
  await expect(
    adminPage.getByText(
      'The buyer gets $100.50 back; the seller receives $303.52 (after the fee of $15.98).',
    ),
  ).toBeVisible();
  await adminPage.getByRole('button', { name: 'Settle…' }).click();
  const dialog = adminPage.getByRole('alertdialog', { name: 'Settle this dispute?' });
  await expect(dialog).toContainText(
    'Refund $100.50 to the buyer and release $303.52 to the seller.',
  );
  expect(await accessibilityViolations(adminPage)).toEqual([]);
  await dialog.getByRole('button', { name: 'Settle', exact: true }).click();
  await expect(adminPage.getByRole('heading', { name: 'Settled: Partly refunded' })).toBeVisible();
  await expect(
    adminPage.getByText('Held now').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('$0.00');

  // Both order pages say so, with the amounts and the note.
  for (const viewer of [page, sellerPage]) {
    await viewer.goto(`/dashboard/orders/${orderId}`);
    await expect(viewer.getByText('Partly refunded', { exact: true })).toBeVisible();
    await expect(disputeFact(viewer, 'Refunded to the buyer')).toHaveText('$100.50');
    await expect(disputeFact(viewer, 'Released to the seller')).toContainText('$303.52');
    await expect(disputeFact(viewer, 'Note from the admin')).toContainText(
      'the seller keeps the rest',
    );
  }

  // The Money page counts the refund.
  await adminPage.goto('/dashboard/money');
  const refunded = adminPage
    .getByRole('region', { name: 'Totals for the period' })
    .getByRole('term')
    .filter({ hasText: 'Refunded' })
    .locator('xpath=following-sibling::dd[1]');
  await expect(refunded).toHaveText(/^\$[\d,]+\.\d\d$/);
  const cents = Math.round(Number((await refunded.innerText()).replace(/[$,]/g, '')) * 100);
  expect(cents).toBeGreaterThanOrEqual(10_050);
  await adminPage.getByText('Show the numbers as a table').click();
  await expect(adminPage.getByRole('table', { name: 'Money by day' })).toBeVisible();
  expect(await accessibilityViolations(adminPage)).toEqual([]);

  await sellerPage.context().close();
  await adminPage.context().close();
});
