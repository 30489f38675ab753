import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/accounts.ts';
import { categoryIdOf, sellerWithListing } from './support/listings.ts';

test('search from the navbar, filter in the URL, load more, and go back', async ({
  page,
  isMobile,
}) => {
  await page.goto('/');
  // The phone menu opens once the app runs (the prerendered page's button is inert).
  await expect(
    page.getByRole('region', { name: 'Latest laptops' }).getByRole('article').first(),
  ).toBeVisible();
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
  const prices = await cards.getByText(/^Resale price: /).allTextContents();
  const dollars = prices.map((p) => Number(p.replace(/[^\d.]/g, '')));
  expect(dollars).toEqual([...dollars].sort((a, b) => a - b));
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(firstPage);

  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=thinkpad$/);
  await expect(page.getByText('2 laptops found')).toBeVisible();
});

test('a category page filters and pages like search for a guest, and lists sold laptops as Sold', async ({
  page,
  isMobile,
}) => {
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Categories', exact: true })
    .getByRole('link', { name: 'Lenovo' })
    .click();
  // Browsing is public: no login on the way.
  await expect(page.getByRole('heading', { name: 'Lenovo laptops', level: 1 })).toBeVisible();
  // The demo's ThinkPad E14 is sold: it stays on its category page, without Book.
  const sold = page.getByRole('article', { name: 'Lenovo ThinkPad E14 Gen 4, i5, 16 GB, 512 GB' });
  await expect(sold.getByRole('button', { name: 'Sold', exact: true })).toBeDisabled();

  // The category is fixed by the address, so its filter is not offered.
  if (isMobile) await page.getByText(/^Filters( \(\d+\))?$/).click();
  await expect(page.getByLabel('Category')).toHaveCount(0);
  await page.getByLabel('Condition').selectOption('Excellent');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/category\/[0-9a-f-]{36}\?condition=Excellent$/);
  await expect(sold).toHaveCount(0);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText('Excellent');

  await page.goBack();
  await expect(sold.getByRole('button', { name: 'Sold', exact: true })).toBeDisabled();
});

test("a category page's first results come in its HTML, and its first picture is fetched once", async ({
  page,
  request,
}) => {
  const buyer = await createAccount(request, 'buyer');
  await signIn(page, buyer);
  const lenovo = await categoryIdOf(request, 'Lenovo');

  const searches: string[] = [];
  const thumbnails: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/search?')) searches.push(sent.resourceType());
    if (sent.url().endsWith('-thumb.webp')) thumbnails.push(sent.url());
  });
  await page.goto(`/category/${lenovo}`);
  await expect(page.getByRole('heading', { name: 'Lenovo laptops', level: 1 })).toBeVisible();
  const first = page.getByRole('article').first().getByRole('img').first();
  await expect(first).toBeVisible();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);

  // The server drew the page with its first results and the HTML carries them: the app,
  // once it runs, starts from them instead of asking again.
  await page.waitForFunction(() => performance.getEntriesByName('app-start').length > 0);
  await page.waitForLoadState('networkidle');
  expect(searches).toEqual([]);
  const firstPicture = await first.getAttribute('src');
  expect(thumbnails.filter((url) => url.endsWith(firstPicture ?? '?'))).toHaveLength(1);
});

test('a search with few matches offers a near spelling far more laptops have', async ({
  page,
  request,
}) => {
  // A seller's typo; the demo has a dozen listings that say "keyboard".
  const { name } = await sellerWithListing({ name: `Latitude, backlit keybaord ${Date.now()}` });
  // The server draws the offer into the page: it works before the app runs, or without it.
  const drawn = await (await request.get('/search?q=keybaord')).text();
  expect(drawn).toMatch(/Did you mean <a [^>]*href="\/search\?q=keyboard"[^>]*>keyboard<\/a>\?/);
  await page.goto('/search?q=keybaord');
  await expect(page.getByRole('article').filter({ hasText: name })).toBeVisible();
  const status = page.getByText(/laptops? found · Did you mean keyboard\?$/);
  await expect(status).toBeVisible();
  await status.getByRole('link', { name: 'keyboard' }).click();
  await expect(page).toHaveURL(/\/search\?q=keyboard$/);
  await expect(
    page.getByRole('heading', { name: 'Results for "keyboard"', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/^\d+ laptops found$/)).toBeVisible();
});
