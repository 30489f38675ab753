import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { logIn, signIn } from './support/accounts.ts';
import { categoryIdOf } from './support/listings.ts';
import { takenOver } from './support/takeover.ts';

/**
 * Stored text comes back on many screens. Every field a person can fill is given a
 * script payload; every screen that shows it must show the text literally, and no
 * script may run: `window.__xss` stays undefined, no dialog opens, and no element
 * the payload describes (an <img src=x>, an <svg onload>) appears in the page.
 */
test.describe.configure({ timeout: 300_000 });

const photo = fs.readFileSync(path.join(import.meta.dirname, 'support', 'laptop-photo.png'));
const demoAdmin = { email: 'admin@example.com', password: 'demo1234' };

const script = '<script>window.__xss=1</script>';
const img = '<img src=x onerror=window.__xss=1>';
const breakOut = '"><svg onload=window.__xss=1>';
const alertImg = "<img src=x onerror=alert('xss')>";

function baseUrl(): string {
  return String(test.info().project.use.baseURL);
}

/** An account made through the real sign-up API, in a cookie jar of its own. */
async function signUp(name: string, typeOfUser: 'buyer' | 'seller') {
  const api = await playwrightRequest.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { origin: baseUrl() },
  });
  const account = {
    name,
    email: `${typeOfUser}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.test`,
    password: 'e2e-pass-1',
  };
  const response = await api.post('/api/auth/sign-up/email', { data: { ...account, typeOfUser } });
  expect(response.ok()).toBe(true);
  return { ...account, api };
}

/** Opens a page in a browser context of its own that records dialogs and scripts. */
async function openWatched(browser: Browser) {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, dialogs, close: () => context.close() };
}

/** Nothing the payloads carry ran or became an element. */
async function expectNoScriptRan(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page.locator('img[src="x"], svg[onload], script:text("__xss")')).toHaveCount(0);
}

async function postListing(api: APIRequestContext, token: string) {
  const upload = await api.post('/api/images', {
    multipart: { image: { name: 'l.png', mimeType: 'image/png', buffer: photo } },
  });
  const image = ((await upload.json()) as { data: { url: string } }).data.url;
  const category = await categoryIdOf(api, 'Dell');
  const listing = {
    name: `${img} ${token}`,
    location: `${breakOut} Omaha`,
    description: `${script} ${alertImg} javascript:alert(1) ${token}`,
    category,
    conditionType: 'Good',
    mobileNumber: '+1 402 555 0100',
    originalPrice: 900,
    resalePrice: 420,
    yearsOfUse: 2,
    cpuFamily: 'intel-core-i5',
    cpuModel: 'Core i5-8350U',
    ramGb: 16,
    storageGb: 512,
    storageType: 'SSD',
    screenInches: 14,
  };
  // A `javascript:` URL where a URL is accepted: only images we issued are taken.
  const refused = await api.post('/api/products', {
    data: { ...listing, image: 'javascript:alert(1)' },
  });
  expect(refused.status()).toBe(400);
  const posted = await api.post('/api/products', { data: { ...listing, image } });
  expect(posted.status()).toBe(201);
  return {
    ...listing,
    categoryId: category,
    productId: ((await posted.json()) as { insertedId: string }).insertedId,
  };
}

test('script payloads in names, listings, bookings and reports are shown as text and never run', async ({
  browser,
}) => {
  const token = `xss${Date.now().toString(36)}`;
  const seller = await signUp(`${img} Seller`, 'seller');
  const buyer = await signUp(`${script} Buyer`, 'buyer');
  const listing = await postListing(seller.api, token);

  // `javascript:` URLs for a profile picture and a sign-in redirect are refused too.
  const picture = await buyer.api.post('/api/auth/update-user', {
    data: { image: 'javascript:alert(1)' },
  });
  expect(picture.status()).toBeGreaterThanOrEqual(400);
  expect(picture.status()).toBeLessThan(500);
  const redirect = await playwrightRequest.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { origin: baseUrl() },
  });
  const signInWithRedirect = await redirect.post('/api/auth/sign-in/email', {
    data: { email: buyer.email, password: buyer.password, callbackURL: 'javascript:alert(1)' },
  });
  expect(signInWithRedirect.status()).toBeGreaterThanOrEqual(400);
  expect(signInWithRedirect.status()).toBeLessThan(500);
  await redirect.dispose();

  // The buyer finds the laptop, books it and reports it, typing payloads into the forms.
  const buyerView = await openWatched(browser);
  const { page } = buyerView;
  await signIn(page, buyer);
  await expectNoScriptRan(page, buyerView.dialogs);

  // The laptop's page has the location and the description (cards have neither).
  await page.goto(`/laptops/${listing.productId}`);
  const details = page.getByRole('main');
  await expect(details).toContainText(listing.location);
  await expect(details).toContainText(script);
  await expectNoScriptRan(page, buyerView.dialogs);

  await page.goto(`/search?q=${token}`);
  const card = page.getByRole('article', { name: listing.name });
  await expect(card).toContainText(listing.name);
  await expect(card).toContainText(`${img} Seller`);
  // The seller by name only: their phone number and email are on no card.
  await expect(card).not.toContainText(listing.mobileNumber);
  await expect(card).not.toContainText(seller.email);
  await expectNoScriptRan(page, buyerView.dialogs);
  // Long unbroken "words" wrap: the page never grows wider than a phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  await (await takenOver(card.getByRole('button', { name: 'Book', exact: true }))).click();
  const booking = page.getByRole('dialog', { name: 'Book this laptop' });
  await booking.getByLabel('Meeting place').fill(`${img} Library`);
  await booking.getByLabel('Phone number').fill('+1 402 555 0199');
  await booking.getByRole('button', { name: 'Book', exact: true }).click();
  const booked = page.getByRole('dialog', { name: 'Booked' });
  await expect(booked).toContainText(listing.name);
  await expectNoScriptRan(page, buyerView.dialogs);
  await booked.getByRole('button', { name: 'Later' }).click();

  await card.getByRole('button', { name: /More options/ }).click();
  await card.getByRole('menuitem', { name: 'Report this laptop' }).click();
  const report = page.getByRole('dialog', { name: 'Report this laptop' });
  await expect(report.getByLabel('Laptop', { exact: true })).toHaveValue(listing.name);
  await report.getByRole('radio', { name: 'Other' }).check();
  await report.getByRole('textbox', { name: /^Details/ }).fill(`${script} ${alertImg} ${token}`);
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. An admin will look at your report.')).toBeVisible();
  await expectNoScriptRan(page, buyerView.dialogs);

  // The buyer's own screens: dashboard greeting, profile, My Orders, the payment page,
  // then the category page.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${script} Buyer` })).toBeVisible();
  await expectNoScriptRan(page, buyerView.dialogs);
  await page.goto('/dashboard/profile');
  await expect(page.getByText(`${script} Buyer`).first()).toBeVisible();
  await expectNoScriptRan(page, buyerView.dialogs);
  await page.goto('/dashboard/myorders');
  const orderRow = page.getByRole('row').filter({ hasText: listing.name });
  await expect(orderRow).toBeVisible();
  await orderRow.getByRole('link', { name: `Pay now: ${listing.name}` }).click();
  await expect(page.getByRole('heading', { name: `Payment for ${listing.name}` })).toBeVisible();
  await expectNoScriptRan(page, buyerView.dialogs);
  // The category page is for signed-in people.
  await page.goto(`/category/${listing.categoryId}`);
  await expect(page.getByRole('article', { name: listing.name })).toContainText(`${img} Seller`);
  await expectNoScriptRan(page, buyerView.dialogs);
  await buyerView.close();

  // Public screens as a guest: Home, search and the laptop's page.
  const guest = await openWatched(browser);
  await guest.page.goto('/');
  await expect(
    guest.page.getByRole('region', { name: 'Latest laptops' }).getByRole('article').first(),
  ).toBeVisible();
  await expectNoScriptRan(guest.page, guest.dialogs);
  await guest.page.goto(`/search?q=${token}`);
  await expect(guest.page.getByRole('article', { name: listing.name })).toContainText(listing.name);
  await expectNoScriptRan(guest.page, guest.dialogs);
  await guest.page.goto(`/laptops/${listing.productId}`);
  await expect(guest.page.getByRole('main')).toContainText(script);
  await expectNoScriptRan(guest.page, guest.dialogs);
  await guest.close();

  // The seller's screens: My products and My buyers.
  const sellerView = await openWatched(browser);
  await sellerView.page.goto('/dashboard/myproducts');
  await logIn(sellerView.page, seller);
  await expect(sellerView.page.getByRole('row').filter({ hasText: listing.name })).toBeVisible();
  await expectNoScriptRan(sellerView.page, sellerView.dialogs);
  await sellerView.page.goto('/dashboard/mybuyers');
  // My buyers names the buyer (as typed, shown as text); the order page has the rest.
  await expect(sellerView.page.getByRole('row').filter({ hasText: listing.name })).toContainText(
    `${script} Buyer`,
  );
  await expectNoScriptRan(sellerView.page, sellerView.dialogs);
  await sellerView.close();

  // The admin's screens: reported items, sellers, buyers, all users.
  const adminView = await openWatched(browser);
  await adminView.page.goto('/dashboard/reportedItems');
  await logIn(adminView.page, demoAdmin);
  const reportRow = adminView.page.getByRole('row').filter({ hasText: token }).first();
  await expect(reportRow).toContainText(listing.name);
  await expect(reportRow).toContainText(`${script} ${alertImg} ${token}`);
  // The seller and the reporter by name, without their email addresses.
  await expect(reportRow).toContainText(`${img} Seller`);
  await expect(reportRow).not.toContainText(seller.email);
  await expect(reportRow).not.toContainText(buyer.email);
  await expectNoScriptRan(adminView.page, adminView.dialogs);
  for (const [screen, account] of [
    ['allsellers', seller],
    ['allbuyers', buyer],
    ['allusers', buyer],
  ] as const) {
    await adminView.page.goto(`/dashboard/${screen}`);
    await adminView.page.getByLabel('Search by name or email').fill(account.email);
    await expect(adminView.page.getByRole('row').filter({ hasText: account.email })).toContainText(
      account.name,
    );
    await expectNoScriptRan(adminView.page, adminView.dialogs);
  }
  await adminView.close();
  await seller.api.dispose();
  await buyer.api.dispose();
});
