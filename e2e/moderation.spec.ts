import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { apiSignedInAs, createAccount, logIn } from './support/accounts.ts';
import { textContrast } from './support/contrast.ts';
import { sellerWithListing } from './support/listings.ts';

const demoAdmin = { email: 'admin@example.com', password: 'demo1234' };

async function asAdmin(page: Page, path: string) {
  await page.goto(path);
  await logIn(page, demoAdmin);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function search(page: Page, text: string) {
  await page.getByLabel('Search by name or email').fill(text);
}

test('verifying a seller puts the tick on their cards', async ({ page }) => {
  const listing = await sellerWithListing({ name: `Dell Vostro ${Date.now()}` });
  // Found by its unique name: other tests post laptops at the same time.
  const searchPath = `/search?q=${encodeURIComponent(listing.name)}`;
  await page.goto(searchPath);
  const card = page.getByRole('article', { name: listing.name });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: 'Verified seller' })).toHaveCount(0);

  await asAdmin(page, '/dashboard/allsellers');
  await search(page, listing.seller.email);
  const row = page.getByRole('row').filter({ hasText: listing.seller.email });
  // The table fits the screen (on a phone its rows are cards) and an email wraps only
  // where it must, not letter by letter in a squeezed column.
  const table = page.getByRole('table', { name: 'Sellers on the marketplace' });
  expect(await table.evaluate((element) => element.parentElement?.scrollWidth)).toBe(
    await table.evaluate((element) => element.parentElement?.clientWidth),
  );
  const emailLines = await row
    .getByText(listing.seller.email)
    .evaluate(
      (element) =>
        element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
    );
  expect(Math.round(emailLines)).toBeLessThanOrEqual(2);
  await row.getByRole('button', { name: `Verify: ${listing.seller.name}` }).click();
  const confirmVerify = page.getByRole('alertdialog');
  await expect(confirmVerify).toContainText(`Verify ${listing.seller.name}?`);
  await confirmVerify.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText(`${listing.seller.name} is now a verified seller.`)).toBeVisible();
  await expect(row).toContainText('Verified');

  await page.goto(searchPath);
  await expect(card.getByRole('img', { name: 'Verified seller' })).toBeVisible();
});

test('making a buyer an admin', async ({ page, request }) => {
  const buyer = await createAccount(request, 'buyer', `Promoted ${Date.now()}`);
  await asAdmin(page, '/dashboard/allusers');
  await search(page, buyer.email);
  const row = page.getByRole('row').filter({ hasText: buyer.email });
  await expect(row).toContainText('Buyer');
  await row.getByRole('button', { name: `Make admin: ${buyer.name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Make ${buyer.name} an admin?`);
  await confirm.getByRole('button', { name: 'Make admin', exact: true }).click();
  await expect(page.getByText(`${buyer.name} is now an admin.`)).toBeVisible();
  await expect(row).toContainText('Admin');
  await expect(row.getByRole('button', { name: /Make admin/ })).toHaveCount(0);
  // The Admin badge's white text is readable on its blue (WCAG AA, 4.5:1; it was 3.7).
  const badge = row.getByText('Admin', { exact: true });
  expect(await textContrast(badge)).toBeGreaterThanOrEqual(4.5);

  const api = await apiSignedInAs(buyer);
  expect(await (await api.get(`/api/users/admin/${buyer.email}`)).json()).toEqual({
    isAdmin: true,
  });
  await api.dispose();
});

test('deleting a buyer asks first, then ends their access', async ({ page, request }) => {
  const buyer = await createAccount(request, 'buyer', `Doomed ${Date.now()}`);
  const api = await apiSignedInAs(buyer);
  expect((await api.get('/api/myOrders')).status()).toBe(200);

  await asAdmin(page, '/dashboard/allbuyers');
  await search(page, buyer.email);
  const row = page.getByRole('row').filter({ hasText: buyer.email });
  await row.getByRole('button', { name: `Delete: ${buyer.name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Delete ${buyer.name}'s account?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete: ${buyer.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${buyer.name}'s account was deleted.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: buyer.email })).toHaveCount(0);

  // Their session stops working at once, and they cannot sign in again.
  expect((await api.get('/api/myOrders')).status()).toBe(401);
  await api.dispose();
  await page.context().clearCookies();
  await page.goto('/login');
  await logIn(page, buyer);
  await expect(page.getByText('This account has been deleted.')).toBeVisible();
});

test('deleting a reported product removes it from the marketplace', async ({ page }) => {
  const listing = await sellerWithListing({ name: `Shady Laptop ${Date.now()}` });
  const reporter = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const email = `reporter-${Date.now()}@example.test`;
  await reporter.post('/api/auth/sign-up/email', {
    data: { name: 'Rae Reporter', email, password: 'e2e-pass-1', typeOfUser: 'buyer' },
  });
  const reported = await reporter.post('/api/reports', {
    headers: { origin: String(test.info().project.use.baseURL) },
    data: { productId: listing.productId, reportText: 'Looks stolen.' },
  });
  expect(reported.status()).toBe(201);
  await reporter.dispose();

  await asAdmin(page, '/dashboard/reportedItems');
  const row = page.getByRole('row').filter({ hasText: listing.name });
  await expect(row).toContainText('Looks stolen.');
  await expect(row).toContainText(listing.productId);
  await row.getByRole('button', { name: `Delete: ${listing.name}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    `Remove ${listing.name} from the marketplace?`,
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Product removed from the marketplace.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: listing.name })).toHaveCount(0);

  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Latest Items' }).getByRole('article', { name: listing.name }),
  ).toHaveCount(0);
  await page.goto('/dashboard/activity');
  await expect(page.getByRole('row').filter({ hasText: listing.name }).first()).toBeVisible();
});
