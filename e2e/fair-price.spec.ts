import { expect, test, type Browser } from '@playwright/test';
import { createAccount, logIn, signInWithApi } from './support/accounts.ts';
import { book, payWithApi } from './support/deals.ts';
import { sellerWithListing } from './support/listings.ts';

/** A model of this test's own, so only its sales are similar to its laptop. */
const uniqueModel = () =>
  `EliteBook Fair ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const specs = (model: string) => ({ model, ramGb: 16, storageGb: 512, yearsOfUse: 2 });

/**
 * Five sales of the model, each listed by a new seller, booked and paid by one buyer,
 * and released at once through the test hook (as 72 hours passing would).
 */
async function fiveSales(browser: Browser, model: string) {
  const context = await browser.newContext();
  const buyerPage = await context.newPage();
  const buyer = await createAccount(buyerPage.request, 'buyer', 'Fay Buyer');
  await signInWithApi(buyerPage.request, buyer);
  for (const price of [500, 510, 520, 530, 540]) {
    const listing = await sellerWithListing({ brand: 'HP', price, specs: specs(model) });
    const orderId = await book(buyerPage, listing.productId);
    await payWithApi(buyerPage, orderId);
    const released = await buyerPage.request.post('/api/test-hooks/deals/release-due', {
      headers: { origin: String(test.info().project.use.baseURL) },
      data: { orderId },
    });
    expect(await released.json()).toMatchObject({ released: 1, status: 'completed' });
  }
  await context.close();
}

test('a seller sees what similar laptops sold for while pricing; a buyer sees the price below them', async ({
  page,
  browser,
  request,
}) => {
  const model = uniqueModel();
  await fiveSales(browser, model);

  // A seller pricing one: the range shows once brand, model, memory, storage and age are in.
  const seller = await createAccount(request, 'seller', 'Pia Pricer');
  await page.goto('/dashboard/addaproduct');
  await logIn(page, seller);
  await expect(page.getByRole('heading', { name: 'Add a laptop', level: 1 })).toBeVisible();
  await page.getByLabel('Category').selectOption({ label: 'HP' });
  await page.getByLabel('Years of use').fill('2');
  await page.getByLabel(/^Memory \(RAM\)/).fill('16');
  await page.getByLabel(/^Storage$/).fill('512');
  await page.getByLabel(/^Model/).fill(model);
  const hint = page.getByRole('status').filter({ hasText: 'Similar laptops sold for' });
  await expect(hint).toHaveText('Similar laptops sold for $510–$530 (5 sales)');
  await hint.scrollIntoViewIfNeeded();

  // Another memory size has no such sales.
  await page.getByLabel(/^Memory \(RAM\)/).fill('8');
  await expect(
    page.getByRole('status').filter({ hasText: 'Not enough similar sales yet' }),
  ).toBeVisible();

  // A buyer on a laptop of that model listed for less: the page says by how much.
  const listing = await sellerWithListing({ brand: 'HP', price: 400, specs: specs(model) });
  await page.goto(`/laptops/${listing.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
  await expect(page.getByText('$120 below similar sales')).toBeVisible();
  await expect(
    page.getByText(
      'Based on 5 sales of similar laptops in the last 12 months: most sold for $510–$530, half for less than $520.',
    ),
  ).toBeVisible();
});
