import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAccount, logIn, signIn, type TestAccount } from './support/accounts.ts';
import { accessibilityViolations } from './support/axe.ts';
import { book, payWithApi } from './support/deals.ts';
import { sellerWithListing } from './support/listings.ts';

// Each test walks a buyer and a seller through a paid deal to its end.
test.describe.configure({ timeout: 180_000 });

const origin = () => ({ origin: String(test.info().project.use.baseURL) });

/** A fresh HP listing (other tests search for Dell, ThinkPad and Surface). */
const hpListing = (price: number) =>
  sellerWithListing({ brand: 'HP', name: `HP EliteBook ${Date.now()}`, price });

/** The seller, signed in in a browser of their own, on the order's page. */
async function sellerOnOrder(browser: Browser, seller: TestAccount, orderId: string) {
  const sellerPage = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL })
  ).newPage();
  await sellerPage.goto(`/dashboard/orders/${orderId}`);
  await logIn(sellerPage, seller);
  await expect(sellerPage.getByRole('heading', { level: 1 })).toContainText('Booking:');
  return sellerPage;
}

/** The lines of the buyer's thread with the seller about the laptop. */
async function threadLines(page: Page, laptopName: string): Promise<string[]> {
  const inbox = (await (await page.request.get('/api/conversations')).json()) as {
    _id: string;
    laptop: { name: string };
  }[];
  const conversation = inbox.find((summary) => summary.laptop.name === laptopName);
  expect(conversation, 'the thread about the laptop').toBeDefined();
  await page.goto(`/dashboard/messages/${conversation?._id}`);
  const thread = (await (
    await page.request.get(`/api/conversations/${conversation?._id}`)
  ).json()) as { messages: { body: string }[] };
  return thread.messages.map((message) => message.body);
}

const checks = [
  'It powers on and starts up to the desktop',
  'No firmware (BIOS) password',
  'No Activation Lock and no device management (MDM)',
  "Signed out of the owner's accounts",
  'Battery health as listed',
  'Every key of the keyboard works',
  'Ports and charger work',
  'Screen without dead pixels or cracks',
];

test('the buyer pays, checks the laptop and shows the code; the seller enters it and is paid', async ({
  page,
  request,
  browser,
}) => {
  const listing = await hpListing(640);
  const buyer = await createAccount(request, 'buyer', 'Hana Buyer');
  await signIn(page, buyer);
  const orderId = await book(page, listing.productId);

  // Paying on the payment page, then to the order.
  await page.goto(`/dashboard/payment/${orderId}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await expect(page.getByLabel('Name on card')).toHaveValue(buyer.name);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment complete. Thank you!')).toBeVisible();
  await page.getByRole('link', { name: 'See the order' }).click();

  // Held: how much, until when, what then.
  const held = page.getByRole('region', {
    name: 'Your $640.00 is held by us until you have the laptop',
  });
  await expect(held).toBeVisible();
  await expect(held).toContainText('The seller is paid only once you have checked the laptop');
  await expect(held.locator('time')).toHaveAttribute('datetime', /T/);
  await expect(held).toContainText('the money goes to the seller automatically');

  // The checklist, ticked at the meeting, is still ticked after a reload.
  const checklist = page.getByRole('group', { name: 'Check the laptop before you show the code' });
  for (const name of checks) await checklist.getByRole('checkbox', { name }).check();
  await expect(checklist).toContainText('All checked.');
  await page.reload();
  await expect(checklist.getByRole('checkbox', { name: 'Battery health as listed' })).toBeChecked();

  // The code, read as six digits.
  const codeCard = page.getByRole('region', { name: 'Your handover code' });
  await expect(codeCard).toContainText(
    'Show this code to the seller once you have checked the laptop.',
  );
  const spoken = await codeCard.locator('.sr-only').textContent();
  expect(spoken).toMatch(/^\d( \d){5}$/);
  const code = (spoken ?? '').replaceAll(' ', '');
  expect(await accessibilityViolations(page)).toEqual([]);

  // The seller's page: what they will receive, and the code form.
  const sellerPage = await sellerOnOrder(browser, listing.seller, orderId);
  await expect(
    sellerPage.getByRole('region', {
      name: "The buyer's $640.00 is held by us until the handover",
    }),
  ).toContainText('You receive $608.00 (after our 5% fee)');
  await expect(sellerPage.getByRole('region', { name: 'Your handover code' })).toHaveCount(0);
  expect(await accessibilityViolations(sellerPage)).toEqual([]);

  const codeField = sellerPage.getByRole('textbox', { name: "Buyer's code" });
  const confirmHandover = sellerPage.getByRole('button', { name: 'Confirm the handover' });
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await confirmHandover.click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(
    sellerPage.getByText('That is not the buyer’s code.', { exact: false }),
  ).toBeVisible();
  await expect(codeField).toBeFocused();

  await codeField.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await confirmHandover.click();
  const paid = sellerPage.getByRole('region', { name: 'You have been paid' });
  await expect(paid).toContainText('$608.00 was released to you on');
  await expect(paid).toContainText("when you entered the buyer's code.");
  await expect(sellerPage.getByRole('main')).toContainText('Completed');
  await expect(sellerPage.getByRole('textbox', { name: "Buyer's code" })).toHaveCount(0);

  // The buyer's page follows (the thread's new line refreshes it), and says so too.
  await expect(page.getByRole('region', { name: 'Deal complete' })).toContainText(
    '$640.00 went to Sid Seller on',
  );
  await expect(page.getByRole('region', { name: 'Your handover code' })).toHaveCount(0);

  // Both lists say so.
  await page.goto('/dashboard/myorders');
  await expect(page.getByRole('row').filter({ hasText: listing.name })).toContainText('Completed');
  await sellerPage.goto('/dashboard/mybuyers');
  await expect(sellerPage.getByRole('row').filter({ hasText: listing.name })).toContainText(
    'Completed',
  );
  await sellerPage.context().close();

  // The thread has the deal's lines, shown in it.
  const lines = await threadLines(page, listing.name);
  expect(lines).toContain(
    'The buyer confirmed the handover. The payment was released to the seller.',
  );
  expect(lines.some((line) => line.includes('paid $640.00'))).toBe(true);
  await expect(page.getByText('The payment was released to the seller.')).toBeVisible();
});

test('the money goes to the seller by itself when the buyer reports nothing in time', async ({
  page,
  request,
}) => {
  const listing = await hpListing(500);
  const buyer = await createAccount(request, 'buyer', 'Ari Waiting');
  await signIn(page, buyer);
  const orderId = await book(page, listing.productId);
  await payWithApi(page, orderId);
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(
    page.getByRole('region', { name: 'Your $500.00 is held by us until you have the laptop' }),
  ).toBeVisible();

  // The release time comes (the test hook runs the job at once).
  const moved = await page.request.post('/api/test-hooks/deals/release-due', {
    headers: origin(),
    data: { orderId },
  });
  expect(moved.ok()).toBe(true);
  expect(await moved.json()).toMatchObject({ released: 1, status: 'completed' });

  await page.reload();
  await expect(page.getByRole('region', { name: 'Deal complete' })).toContainText(
    'automatically, as no problem was reported in time.',
  );
  await expect(page.getByRole('main')).toContainText('Completed');
  const lines = await threadLines(page, listing.name);
  expect(lines).toContain(
    'No problem was reported in time, so the payment was released to the seller.',
  );
});

test('the seller cancels the sale: the buyer is refunded and the laptop is for sale again', async ({
  page,
  request,
  browser,
}) => {
  const listing = await hpListing(450);
  const buyer = await createAccount(request, 'buyer', 'Cleo Refunded');
  await signIn(page, buyer);
  const orderId = await book(page, listing.productId);
  await payWithApi(page, orderId);

  const sellerPage = await sellerOnOrder(browser, listing.seller, orderId);
  await sellerPage.getByRole('button', { name: 'Cancel the sale' }).click();
  const dialog = sellerPage.getByRole('alertdialog', {
    name: `Cancel the sale of ${listing.name}?`,
  });
  await expect(dialog).toContainText(
    'The buyer is refunded $450.00 in full, and your laptop goes back on sale.',
  );
  await dialog.getByRole('button', { name: 'Cancel the sale' }).click();
  await expect(sellerPage.getByRole('region', { name: 'Refunded in full' })).toContainText(
    'The buyer was refunded $450.00 in full',
  );
  await sellerPage.context().close();

  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByRole('region', { name: 'Refunded in full' })).toContainText(
    '$450.00 goes back to the card you paid with.',
  );
  await expect(page.getByRole('main')).toContainText('Refunded');
  await page.goto('/dashboard/myorders');
  await expect(page.getByRole('row').filter({ hasText: listing.name })).toContainText('Refunded');

  // For sale again: anyone else may book it from its page.
  const guest = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL })
  ).newPage();
  await guest.goto(`/laptops/${listing.productId}`);
  await expect(guest.getByRole('button', { name: 'Book now' })).toBeEnabled();
  await guest.context().close();
});
