import { expect, test } from '@playwright/test';

// The build writes each page's first paint into its HTML (apps/web/scripts/prerender.mjs),
// so a visitor on a slow phone sees the page before the scripts have arrived.
test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('Home shows the navbar, the first banner and the welcome text', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByText('LaptopResale')).toBeVisible();
    await expect(page.getByText('Great laptops, second-hand prices')).toBeVisible();
    await expect(page.locator('img[src*="/assets/banner-1-"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome to Laptop Resale' })).toBeVisible();
    await expect(page.getByTestId('spinner')).toBeVisible();
  });

  test('another page shows the navbar and the loading spinner, not Home', async ({ page }) => {
    await page.goto('/search?q=thinkpad');
    await expect(page.getByRole('banner').getByText('LaptopResale')).toBeVisible();
    await expect(page.getByTestId('spinner')).toBeVisible();
    await expect(page.getByText('Great laptops, second-hand prices')).toHaveCount(0);
  });
});

test('the app takes over the prerendered page without moving it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest Items' })).toBeVisible();
  // Layout shifts since the page started loading, as the browser reports them.
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { value: number })[];
          resolve(entries.reduce((sum, entry) => sum + entry.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 1000);
      }),
  );
  expect(shift).toBeLessThan(0.01);
});

test("Home's lists and the session are each fetched once, started by its HTML", async ({
  page,
}) => {
  const requests = new Map<string, string[]>();
  const watched = [
    '/api/auth/get-session',
    '/api/advertiseProducts',
    '/api/categories',
    '/api/latestProducts',
  ];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (watched.includes(pathname))
      requests.set(pathname, [...(requests.get(pathname) ?? []), sent.resourceType()]);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest Items' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Product Categories' })).toBeVisible();

  // The preload links start the requests ('other', not the page's own 'fetch'), and the
  // page's fetches take their answers instead of asking again.
  for (const path of watched) expect(requests.get(path), path).toEqual(['other']);
});
