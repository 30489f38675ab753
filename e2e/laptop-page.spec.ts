import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/accounts.ts';
import { accessibilityViolations } from './support/axe.ts';
import { categoryIdOf, sellerWithListing } from './support/listings.ts';

/** A listing with three photos and specs no demo laptop has, found by its own word. */
async function listingWithSpecs() {
  const word = `Zephyr${Date.now().toString(36)}`;
  return sellerWithListing({
    name: `Dell Latitude 7430 ${word}`,
    photos: 3,
    specs: { ramGb: 48, batteryHealth: 93, screenResolution: '1920 x 1200', chargerIncluded: true },
  }).then((listing) => ({ ...listing, word }));
}

test('a guest opens a laptop from search, swipes its photos, and shares a link that works without scripts', async ({
  page,
  browser,
  context,
  baseURL,
}) => {
  const listing = await listingWithSpecs();
  await page.goto(`/search?q=${listing.word}`);
  await page.getByRole('heading', { name: listing.name }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/laptops/${listing.productId}$`));
  await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
  await expect(page).toHaveTitle(`${listing.name} · Laptop Resale`);

  const specs = page.getByRole('table', { name: 'Specs' });
  await expect(specs.getByRole('row', { name: /Memory \(RAM\)/ })).toContainText('48 GB');
  await expect(specs.getByRole('row', { name: /Battery health/ })).toContainText('93%');
  await expect(specs.getByRole('row', { name: /Screen/ })).toContainText('14″, 1920 × 1200');
  expect(await accessibilityViolations(page)).toEqual([]);

  // A swipe scrolls the strip of photos; it snaps to the next one, and the count follows.
  const gallery = page.getByRole('region', { name: `Photos of ${listing.name}` });
  await expect(gallery.getByText('1 / 3')).toBeVisible();
  await gallery.locator('.snap-x').evaluate((strip) => strip.scrollBy({ left: strip.clientWidth }));
  await expect(gallery.getByText('2 / 3')).toBeVisible();
  await page.getByRole('button', { name: 'Show photo 3' }).click();
  await expect(gallery.getByText('3 / 3')).toBeVisible();

  // Without a share sheet (as on a desktop), Share copies the page's address.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  expect(shared).toBe(`${baseURL}/laptops/${listing.productId}`);

  // Whoever opens it sees the laptop before any script runs (a link preview, a crawler).
  const fresh = await browser.newContext({ javaScriptEnabled: false });
  const guest = await fresh.newPage();
  const response = await guest.goto(shared);
  expect(response?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
  await expect(guest.locator('meta[property="og:title"]')).toHaveAttribute('content', listing.name);
  await fresh.close();
});

test('a buyer narrows a search by memory and battery and finds the laptop; a sold one says Sold', async ({
  page,
  isMobile,
}) => {
  const listing = await listingWithSpecs();
  const buyer = await createAccount(page.request, 'buyer');
  await signIn(page, buyer);
  await page.goto(`/search?q=${listing.word}`);
  const filters = page.getByRole('search', { name: 'Filters' });
  // On a phone the filters are a closed disclosure until opened.
  if (isMobile) await page.getByText(/^Filters( \(\d+\))?$/).click();
  await filters.getByLabel('Memory (RAM)', { exact: true }).selectOption('32');
  await filters.getByLabel('Battery health', { exact: true }).selectOption('90');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/ramMin=32/);
  await expect(page).toHaveURL(/batteryMin=90/);
  await expect(page.getByRole('heading', { name: listing.name })).toBeVisible();

  await page.goto(`/search?q=${listing.word}&ramMin=64`);
  await expect(page.getByText(/No laptops/i).first()).toBeVisible();

  // A demo laptop that was sold keeps its page, marked Sold, without Book.
  const dell = await categoryIdOf(page.request, 'Dell');
  const results = (await (
    await page.request.get(`/api/search?category=${dell}&includeSold=true&limit=48`)
  ).json()) as { products: { _id: string; isSold: boolean }[] };
  const sold = results.products.find((product) => product.isSold);
  expect(sold, 'a sold demo Dell').toBeDefined();
  await page.goto(`/laptops/${sold?._id}`);
  await expect(page.getByRole('button', { name: 'Sold' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Book now' })).toHaveCount(0);
});
