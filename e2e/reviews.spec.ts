import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAccount, signIn, signInWithApi, type TestAccount } from './support/accounts.ts';
import { accessibilityViolations } from './support/axe.ts';
import { book, payWithApi } from './support/deals.ts';
import { sellerWithListing } from './support/listings.ts';

// A buyer and a seller complete a deal, then review each other.
test.describe.configure({ timeout: 180_000 });

const origin = () => ({ origin: String(test.info().project.use.baseURL) });

/** Books, pays in the sandbox and confirms the handover through the API: a completed deal. */
async function completeDeal(page: Page, productId: string): Promise<string> {
  const orderId = await book(page, productId);
  await payWithApi(page, orderId);
  const received = await page.request.post(`/api/orders/${orderId}/received`, {
    headers: origin(),
  });
  expect(received.ok()).toBe(true);
  return orderId;
}

/** The seller, signed in in a browser of their own, on the order's page. */
async function sellerOnOrder(browser: Browser, seller: TestAccount, orderId: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const sellerPage = await context.newPage();
  await signInWithApi(sellerPage.request, seller);
  await sellerPage.goto(`/dashboard/orders/${orderId}`);
  await expect(sellerPage.getByRole('heading', { level: 1 })).toContainText('Booking:');
  return sellerPage;
}

test('both sides review a completed deal, each sealed until the other writes', async ({
  page,
  request,
  browser,
}) => {
  const listing = await sellerWithListing({
    brand: 'HP',
    name: `HP ProBook ${Date.now()}`,
    price: 380,
  });
  const buyer = await createAccount(request, 'buyer', 'Emma Buyer');
  await signIn(page, buyer);
  const orderId = await completeDeal(page, listing.productId);

  // The buyer: a card to review the seller, with the days left.
  await page.goto(`/dashboard/orders/${orderId}`);
  const buyerCard = page.getByRole('region', { name: 'Review the seller' });
  await expect(buyerCard).toBeVisible();
  await expect(buyerCard).toContainText('14 days left to write it.');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Stars by keyboard: the radio group moves with the arrow keys.
  await buyerCard.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await expect(buyerCard.getByRole('radio', { name: '4 stars' })).toBeChecked();
  // Too short first: the form says so and sends nothing.
  await buyerCard.getByLabel('Your review', { exact: true }).fill('Nice');
  await buyerCard.getByRole('button', { name: 'Publish my review' }).click();
  await expect(buyerCard).toContainText('Please write at least 10 characters');
  await buyerCard
    .getByLabel('Your review', { exact: true })
    .fill('Honest seller: the laptop was exactly as described.');
  await buyerCard.getByRole('button', { name: 'Publish my review' }).click();

  const buyerReviews = page.getByRole('region', { name: 'Reviews' });
  await expect(buyerReviews).toContainText(
    /Your review is sealed until Sid Seller writes theirs or until .+\./,
  );
  await expect(buyerReviews.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();

  // A sealed review counts nowhere yet: the seller's profile has no rating.
  const profile = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await profile.goto(`/laptops/${listing.productId}`);
  await profile.getByRole('link', { name: 'Sid Seller' }).first().click();
  await expect(profile).toHaveURL(/\/sellers\/[^/]+$/);
  await expect(profile.getByText('No reviews yet')).toBeVisible();

  // The seller: told a review waits, but not what it says.
  const sellerPage = await sellerOnOrder(browser, listing.seller, orderId);
  const sellerCard = sellerPage.getByRole('region', { name: 'Review the buyer' });
  await expect(sellerCard).toContainText('Emma Buyer has reviewed you. Write yours to see it.');
  await expect(sellerPage.getByText('exactly as described')).toHaveCount(0);
  expect(await accessibilityViolations(sellerPage)).toEqual([]);

  await sellerCard.getByRole('radio', { name: '5 stars' }).check();
  await sellerCard
    .getByLabel('Your review', { exact: true })
    .fill('Friendly buyer, on time, paid through the site.');
  await sellerCard.getByRole('button', { name: 'Publish my review' }).click();

  // Both are published: each side reads both.
  const sellerReviews = sellerPage.getByRole('region', { name: 'Reviews' });
  const aboutSeller = sellerReviews.getByRole('article', { name: 'Emma Buyer’s review of you' });
  await expect(aboutSeller).toContainText('Honest seller: the laptop was exactly as described.');
  await expect(aboutSeller.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(
    sellerReviews.getByRole('article', { name: 'Your review of Emma Buyer' }),
  ).toContainText('Friendly buyer, on time');

  await page.reload();
  const aboutBuyer = buyerReviews.getByRole('article', { name: 'Sid Seller’s review of you' });
  await expect(aboutBuyer).toContainText('Friendly buyer, on time, paid through the site.');
  await expect(aboutBuyer.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(buyerReviews).toContainText('Honest seller');
  expect(await accessibilityViolations(page)).toEqual([]);

  // Published, the review counts: the profile shows the new average.
  await profile.reload();
  await expect(
    profile.getByRole('img', { name: 'Rated 4.0 out of 5 from 1 review' }),
  ).toBeVisible();
  await expect(
    profile.getByText('Honest seller: the laptop was exactly as described.'),
  ).toBeVisible();
  await profile.close();

  // The seller answers the review of them, once.
  await aboutSeller.getByLabel('Reply to this review').fill('Thank you, Emma. Enjoy the laptop!');
  await aboutSeller.getByRole('button', { name: 'Publish my reply' }).click();
  await expect(aboutSeller).toContainText('Reply from Sid Seller');
  await expect(aboutSeller.getByLabel('Reply to this review')).toHaveCount(0);
  await sellerPage.context().close();
});
