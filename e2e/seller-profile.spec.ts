import { expect, test } from '@playwright/test';
import { accessibilityViolations } from './support/axe.ts';

test("a guest opens a demo seller's profile from a laptop page and sees their rating, laptops and reviews", async ({
  page,
  browser,
}) => {
  // Daniel sold two laptops in the demo and both buyers reviewed him; he answered one.
  await page.goto(`/search?q=${encodeURIComponent('Acer Swift 3 Ryzen 7 5700U')}`);
  await page
    .getByRole('heading', { name: /Acer Swift 3, Ryzen 7 5700U/ })
    .getByRole('link')
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Acer Swift 3/ })).toBeVisible();
  const sellerBlock = page.getByRole('region', { name: 'Seller' });
  await expect(sellerBlock).toContainText('★ 4.5 (2)');
  await sellerBlock.getByRole('link', { name: 'Daniel Okafor' }).click();

  await expect(page).toHaveURL(/\/sellers\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Daniel Okafor' })).toBeVisible();
  await expect(page).toHaveTitle('Daniel Okafor · Laptop Resale');
  await expect(page.getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeVisible();
  await expect(page.getByText(/laptops? sold$/)).toBeVisible();

  const laptops = page.getByRole('region', { name: 'Laptops for sale' });
  await expect(laptops.getByRole('article').first()).toBeVisible();
  await expect(laptops.getByRole('article', { name: /Acer Swift 3/ })).toBeVisible();
  await expect(laptops.getByRole('article').first()).toContainText('★ 4.5 (2)');

  const reviews = page.getByRole('region', { name: /Reviews/ });
  await expect(reviews.getByRole('article')).toHaveCount(2);
  const noah = reviews.getByRole('article', { name: 'Noah' });
  await expect(noah.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(noah).toContainText('Reply from Daniel Okafor');
  await expect(noah).toContainText('Glad it worked out, Noah.');
  await expect(reviews.getByRole('article', { name: 'Emma' })).toContainText(
    'The battery is a little weaker',
  );
  expect(await accessibilityViolations(page)).toEqual([]);

  // Report opens a dialog asking why (what it posts to, and the answers, are the reviews
  // module's route: the web test seller.test.tsx covers them).
  await noah.getByRole('button', { name: 'Report Noah’s review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this review' });
  await expect(dialog.getByLabel('What is wrong with it?')).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The server draws the profile: a link opened without scripts shows it.
  const profileUrl = page.url();
  const fresh = await browser.newContext({ javaScriptEnabled: false });
  const guest = await fresh.newPage();
  const response = await guest.goto(profileUrl);
  expect(response?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1, name: 'Daniel Okafor' })).toBeVisible();
  await expect(guest.getByText('Glad it worked out, Noah.')).toBeVisible();
  await expect(guest.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /rated 4\.5 out of 5 from 2 reviews/,
  );
  await fresh.close();
});
