import { expect, test, type Page } from '@playwright/test';
import { bookingMessages as bookingRules } from '@laptops/shared/messages';
import { createAccount, logIn, signIn } from './support/accounts.ts';
import { accessibilityViolations } from './support/axe.ts';
import { sellerWithListing } from './support/listings.ts';
import { takenOver } from './support/takeover.ts';

// Each test walks several people through several screens.
test.describe.configure({ timeout: 180_000 });

/**
 * Finds the laptop by its unique name (other tests post laptops at the same time,
 * so it may already have left Home's 'Latest laptops') and books it from its card.
 */
async function bookFromCard(page: Page, name: string) {
  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('article', { name });
  await (await takenOver(card.getByRole('button', { name: 'Book', exact: true }))).click();
  const dialog = page.getByRole('dialog', { name: 'Book this laptop' });
  await expect(dialog.getByLabel('Laptop')).toHaveValue(name.slice(0, 22) + '...');
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(dialog.getByText(bookingRules.locationRequired)).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByLabel('Meeting place').fill('Downtown library entrance');
  await dialog.getByLabel('Phone number').fill('+1 402 555 0199');
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  const booked = page.getByRole('dialog', { name: 'Booked' });
  await expect(booked.getByRole('link', { name: 'Pay now' })).toBeVisible();
  await booked.getByRole('button', { name: 'Later' }).click();
  await expect(booked).toBeHidden();
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Bo Buyer');
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await pay.click();
}

test('a buyer books from a card and pays with 4242 in the sandbox; the seller sees them and the card turns Sold', async ({
  page,
  request,
  browser,
}) => {
  const listing = await sellerWithListing({ price: 420 });
  const buyer = await createAccount(request, 'buyer', 'Bo Buyer');
  await signIn(page, buyer);
  await bookFromCard(page, listing.name);

  await page.goto('/dashboard/myorders');
  const row = page.getByRole('row').filter({ hasText: listing.name });
  await row.getByRole('link', { name: `Pay now: ${listing.name}` }).click();
  await expect(page.getByRole('heading', { name: `Payment for ${listing.name}` })).toBeVisible();
  await expect(page.getByText('Please pay $420.00')).toBeVisible();
  await expect(page.getByText('Test mode')).toBeVisible();

  // Paying with nothing typed focuses the first field, in view with its label below
  // the sticky navbar (on a phone it was scrolled under it).
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByLabel('Card number')).toBeFocused();
  const navbarBottom = await page
    .locator('header')
    .first()
    .evaluate((element) => element.getBoundingClientRect().bottom);
  const labelTop = await page
    .getByText('Card number', { exact: true })
    .evaluate((element) => element.getBoundingClientRect().top);
  expect(labelTop).toBeGreaterThanOrEqual(navbarBottom);

  // A declined card shows the error and leaves the order unpaid.
  await payWith(page, '4000 0000 0000 0002');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  const order = await page.request.get('/api/myOrders');
  expect(
    ((await order.json()) as { productName: string; paid: boolean }[]).find(
      (o) => o.productName === listing.name,
    )?.paid,
  ).toBe(false);

  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment complete. Thank you!')).toBeVisible();
  await expect(page.getByText(/Transaction ID: pi_sandbox_\w+/)).toBeVisible();
  await page.goto('/dashboard/myorders');
  await expect(page.getByRole('row').filter({ hasText: listing.name })).toContainText('Paid');

  // The seller sees the buyer, paid.
  const sellerPage = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL })
  ).newPage();
  await sellerPage.goto('/dashboard/mybuyers');
  await logIn(sellerPage, listing.seller);
  await expect(sellerPage.getByRole('row').filter({ hasText: listing.name })).toContainText(
    buyer.name,
  );
  await expect(sellerPage.getByRole('row').filter({ hasText: listing.name })).toContainText('Paid');
  await sellerPage.context().close();

  // Sold: the laptop leaves Latest laptops and shows 'Sold' in its category.
  await page.goto('/');
  await expect(
    page
      .getByRole('region', { name: 'Latest laptops' })
      .getByRole('article', { name: listing.name }),
  ).toHaveCount(0);
  await page
    .getByRole('region', { name: 'Categories', exact: true })
    .getByRole('link', { name: listing.brand })
    .click();
  await expect(
    page
      .getByRole('article', { name: listing.name })
      .getByRole('button', { name: 'Sold', exact: true }),
  ).toBeDisabled();
});

test('a second buyer of the same laptop sees it as Sold once the first pays', async ({
  page,
  request,
  browser,
}) => {
  const listing = await sellerWithListing({
    price: 300,
    brand: 'Acer',
    name: `Acer Swift ${Date.now()}`,
  });
  const first = await createAccount(request, 'buyer', 'First Buyer');
  const second = await createAccount(request, 'buyer', 'Second Buyer');

  const secondPage = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL })
  ).newPage();
  await secondPage.goto('/login');
  await logIn(secondPage, second);
  await expect(secondPage).toHaveURL(/\/$/);
  await bookFromCard(secondPage, listing.name);

  await signIn(page, first);
  await bookFromCard(page, listing.name);
  await page.goto('/dashboard/myorders');
  await page.getByRole('link', { name: `Pay now: ${listing.name}` }).click();
  await payWith(page, '4242424242424242');
  await expect(page.getByText('Payment complete. Thank you!')).toBeVisible();

  await secondPage.goto('/dashboard/myorders');
  const row = secondPage.getByRole('row').filter({ hasText: listing.name });
  await expect(row).toContainText('Sold');
  await expect(row.getByRole('link', { name: /Pay/ })).toHaveCount(0);
  await secondPage.context().close();
});
