import { expect, test, type Page } from '@playwright/test';
import { createAccount, logIn } from './support/accounts.ts';
import { accessibilityViolations } from './support/axe.ts';
import { categoryIdOf, listingPhone, sellerWithListing } from './support/listings.ts';
import { takenOver } from './support/takeover.ts';

// Each test walks two people through several screens.
test.describe.configure({ timeout: 180_000 });

async function payWith4242(page: Page, name: string) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(name);
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await pay.click();
}

test('a guest browses a category, logs in to book, pays at once, and both sides see the order', async ({
  page,
  request,
  browser,
}) => {
  const listing = await sellerWithListing({
    brand: 'Acer',
    name: `Acer Aspire ${Date.now()}`,
    price: 515,
  });
  const buyer = await createAccount(request, 'buyer', 'Gia Guest');

  // A guest opens a brand's page: the laptops are there, the seller's phone is not (nor
  // is it once signed in: only the order page shows it).
  await page.goto(`/category/${await categoryIdOf(page.request, 'Acer')}`);
  const card = page.getByRole('article', { name: listing.name });
  await expect(card).toBeVisible();
  await expect(card).not.toContainText(listingPhone);

  // Booking asks them to log in first, then brings them back with the form open.
  await (await takenOver(card.getByRole('button', { name: 'Book', exact: true }))).click();
  await logIn(page, buyer);
  await expect(page).toHaveURL(/\/category\//);
  await expect(page.getByRole('dialog', { name: 'Book this laptop' })).toBeVisible();
  // Named by its heading, which says 'Booked' once it is done.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Laptop')).toHaveValue(`${listing.name.slice(0, 22)}...`);
  await expect(card).not.toContainText(listingPhone);
  await expect(dialog.getByLabel('Seller', { exact: true })).toHaveValue('Sid Seller');
  await dialog.getByLabel('Meeting place').fill('Downtown library entrance');
  await dialog.getByLabel('Phone number').fill('+1 402 555 0199');
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();

  // Booked: paying is the next step, offered at once; later, the card offers it too.
  await expect(page.getByRole('dialog', { name: 'Booked' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Pay now' })).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Later' }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole('link', { name: `Booked: Pay now, ${listing.name}` }).click();

  await expect(page.getByRole('heading', { name: `Payment for ${listing.name}` })).toBeVisible();
  await expect(page.getByText('Please pay $515.00')).toBeVisible();
  await payWith4242(page, buyer.name);
  await expect(page.getByText('Payment complete. Thank you!')).toBeVisible();
  await expect(page.getByText(/Please pay/)).toHaveCount(0);

  // The order page: the receipt and how to reach the seller.
  await page.getByRole('link', { name: 'See the order' }).click();
  await expect(page.getByRole('heading', { name: `Booking: ${listing.name}` })).toBeVisible();
  const main = page.getByRole('main');
  for (const text of ['Paid', '$515.00', 'Sid Seller', listingPhone, 'Downtown library entrance']) {
    await expect(main).toContainText(text);
  }
  await expect(main.getByRole('link', { name: "See the laptop's page" })).toHaveAttribute(
    'href',
    `/laptops/${listing.productId}`,
  );
  await expect(main).toContainText(/pi_sandbox_\w+/);
  await expect(main.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The seller finds the same order from My buyers, with the buyer's phone.
  const sellerPage = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL })
  ).newPage();
  await sellerPage.goto('/dashboard/mybuyers');
  await logIn(sellerPage, listing.seller);
  await sellerPage
    .getByRole('link', { name: `Booking details: ${listing.name}, booked by Gia Guest` })
    .click();
  const sellerMain = sellerPage.getByRole('main');
  await expect(sellerPage.getByRole('heading', { name: `Booking: ${listing.name}` })).toBeVisible();
  for (const text of ['Paid', 'Gia Guest', '+1 402 555 0199', 'Downtown library entrance']) {
    await expect(sellerMain).toContainText(text);
  }
  await expect(sellerMain.getByRole('link', { name: 'Pay now' })).toHaveCount(0);
  await sellerPage.context().close();
});

test('a guest who reports a laptop logs in first and comes back to the report form', async ({
  page,
  request,
}) => {
  const listing = await sellerWithListing({ name: `Dell Vostro ${Date.now()}` });
  const reporter = await createAccount(request, 'buyer', 'Rio Reporter');
  await page.goto(`/search?q=${encodeURIComponent(listing.name)}`);
  // The server drew the page; its menu opens once the app runs.
  await page.waitForFunction(() => performance.getEntriesByName('app-start').length > 0);
  const card = page.getByRole('article', { name: listing.name });
  await (await takenOver(card.getByRole('button', { name: /More options/ }))).click();
  await card.getByRole('menuitem', { name: 'Report this laptop' }).click();
  await logIn(page, reporter);
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole('dialog', { name: 'Report this laptop' })).toBeVisible();
});

test('a buyer cancels a booking from its order page, after confirming', async ({
  page,
  request,
}) => {
  const listing = await sellerWithListing({ name: `Dell Inspiron ${Date.now()}` });
  const buyer = await createAccount(request, 'buyer', 'Cam Canceller');
  await page.goto('/login');
  await logIn(page, buyer);
  await expect(page).toHaveURL(/\/$/);
  const booked = await page.request.post('/api/myOrders', {
    headers: { origin: String(test.info().project.use.baseURL) },
    data: {
      productId: listing.productId,
      meetingLocation: 'Main square',
      buyerPhone: '+1 402 555 0142',
    },
  });
  expect(booked.status()).toBe(201);

  await page.goto('/dashboard/myorders');
  await page.getByRole('link', { name: `Booking details: ${listing.name}` }).click();
  await expect(page.getByRole('main')).toContainText('Booked');
  await expect(page.getByRole('main').getByRole('link', { name: 'Pay now' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Cancel your booking of ${listing.name}?`);
  await confirm.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('main')).toContainText('Cancelled');
  // The deal is off: no phone numbers, nothing left to do.
  await expect(page.getByRole('main')).not.toContainText(listingPhone);
  await expect(page.getByRole('main').getByRole('link', { name: 'Pay now' })).toHaveCount(0);
});
