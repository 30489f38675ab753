import { expect, test } from '@playwright/test';

test('search from the navbar, filter in the URL, load more, and go back', async ({
  page,
  isMobile,
}) => {
  await page.goto('/');
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  const box = page
    .getByRole('banner')
    .getByRole('searchbox', { name: 'Search laptops' })
    .or(page.getByRole('banner').getByRole('textbox', { name: 'Search laptops' }));
  await box.first().fill('thinkpad');
  await box.first().press('Enter');
  await expect(page).toHaveURL(/\/search\?q=thinkpad$/);
  await expect(
    page.getByRole('heading', { name: 'Results for "thinkpad"', level: 1 }),
  ).toBeVisible();
  // The demo has three ThinkPads; the E14 is sold, and sold laptops never appear.
  await expect(page.getByText('2 laptops found')).toBeVisible();
  for (const name of await page.getByRole('article').getByRole('heading').allTextContents()) {
    expect(name).toMatch(/ThinkPad/);
  }

  // A shared link with filters opens the same results.
  await page.goto('/search?maxYears=3&sort=price_asc');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const firstPage = await cards.count();
  expect(firstPage).toBe(12);
  const prices = await cards.locator('.text-primary').allTextContents();
  const dollars = prices.map((p) => Number(p.replace(/[^\d.]/g, '')));
  expect(dollars).toEqual([...dollars].sort((a, b) => a - b));
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(firstPage);

  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=thinkpad$/);
  await expect(page.getByText('2 laptops found')).toBeVisible();
});
