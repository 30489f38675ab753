import { expect, test, type Page } from '@playwright/test';
import { apiSignedInAs, createAccount, logIn, signIn } from './support/accounts.ts';
import { textContrast } from './support/contrast.ts';
import { sellerWithListing } from './support/listings.ts';
import { takenOver } from './support/takeover.ts';

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

test('a buyer reports a laptop with a reason; the admin sees it and removes the laptop', async ({
  page,
  browser,
  request,
}) => {
  const listing = await sellerWithListing({ name: `Shady Laptop ${Date.now()}`, price: 389.5 });
  const reporter = await createAccount(request, 'buyer', `Rae Reporter ${Date.now()}`);

  // The reporter finds the laptop and reports it through the card's menu.
  await signIn(page, reporter);
  await page.goto(`/search?q=${encodeURIComponent(listing.name)}`);
  const card = page.getByRole('article', { name: listing.name });
  await (await takenOver(card.getByRole('button', { name: /More options/ }))).click();
  await card.getByRole('menuitem', { name: 'Report this laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this laptop' });
  const details = dialog.getByRole('textbox', { name: /^Details/ });
  // 'Other' needs details: sending without them is stopped with a message on the field.
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(details).toBeFocused();
  await expect(details).toHaveAccessibleDescription(
    /Please tell the admin what is wrong with this laptop/,
  );
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
  await details.fill('Asks for a deposit by wire transfer.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. An admin will look at your report.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const admin = await browser.newPage();
  await asAdmin(admin, '/dashboard/reportedItems');
  const row = admin.getByRole('row').filter({ hasText: listing.name });
  await expect(row.getByRole('rowheader', { name: listing.name })).toBeVisible();
  await expect(row).toContainText('Scam or fraud');
  await expect(row).toContainText('Asks for a deposit by wire transfer.');
  await expect(row).toContainText('$389.50');
  await expect(row).toContainText('For sale');
  await expect(row).toContainText(listing.seller.name);
  await expect(row).toContainText(reporter.name);
  await expect(row).not.toContainText(listing.productId);
  await expect(row.locator('img')).toHaveAttribute('src', /-thumb\.webp$/);
  // The table fits the screen: on a phone each report is a card.
  const table = admin.getByRole('table', { name: 'Reported laptops: Open' });
  expect(await table.evaluate((element) => element.parentElement?.scrollWidth)).toBe(
    await table.evaluate((element) => element.parentElement?.clientWidth),
  );
  // The laptop's name leads to where it is listed.
  await row.getByRole('link', { name: listing.name }).click();
  await expect(admin.getByRole('article', { name: listing.name })).toBeVisible();
  await admin.goBack();

  await row.getByRole('button', { name: `Remove laptop: ${listing.name}` }).click();
  const confirm = admin.getByRole('alertdialog');
  await expect(confirm).toContainText(`Remove ${listing.name}?`);
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(admin.getByText('The laptop was removed from the marketplace.')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: listing.name })).toHaveCount(0);
  await admin.getByRole('radio', { name: 'Resolved' }).check();
  const resolved = admin.getByRole('row').filter({ hasText: listing.name });
  await expect(resolved).toContainText('Removed');
  await expect(resolved).toContainText('Laptop removed');

  await admin.goto('/');
  await expect(
    admin
      .getByRole('region', { name: 'Latest laptops' })
      .getByRole('article', { name: listing.name }),
  ).toHaveCount(0);
  await admin.goto('/dashboard/activity');
  await expect(admin.getByRole('row').filter({ hasText: listing.name }).first()).toBeVisible();
  await admin.close();
});

test('a seller is not offered Report on their own laptop, and the server refuses it', async ({
  page,
}) => {
  const listing = await sellerWithListing({ name: `Own Laptop ${Date.now()}` });
  await signIn(page, listing.seller);
  await page.goto(`/search?q=${encodeURIComponent(listing.name)}`);
  const card = page.getByRole('article', { name: listing.name });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: /More options/ })).toHaveCount(0);

  const api = await apiSignedInAs(listing.seller);
  const refused = await api.post('/api/reports', {
    data: { productId: listing.productId, reason: 'scam' },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    error: { code: 'OWN_PRODUCT', message: 'You cannot report your own laptop.' },
  });
  await api.dispose();
});
