import { expect, test, type Page } from '@playwright/test';

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

  test("the navbar's search box already searches", async ({ page, isMobile }) => {
    test.skip(isMobile, "a phone's box is in the menu, which the app opens");
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search laptops' });
    await box.fill('thinkpad');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=thinkpad$/);
    await expect(page.getByTestId('spinner')).toBeVisible();
  });

  test('another page shows the navbar and the loading spinner, not Home', async ({ page }) => {
    await page.goto('/search?q=thinkpad');
    await expect(page.getByRole('banner').getByText('LaptopResale')).toBeVisible();
    await expect(page.getByTestId('spinner')).toBeVisible();
    await expect(page.getByText('Great laptops, second-hand prices')).toHaveCount(0);
  });
});

test.describe('the app starts once the prerendered page is on screen', () => {
  /** Frames are held back until `releaseFrames` lets them through. */
  async function holdFrames(page: Page) {
    await page.addInitScript(() => {
      const held: FrameRequestCallback[] = [];
      const requestFrame = window.requestAnimationFrame;
      window.requestAnimationFrame = (callback) => held.push(callback);
      Object.assign(window, {
        releaseFrames: () => {
          window.requestAnimationFrame = requestFrame;
          held.splice(0).forEach((callback) => callback(performance.now()));
        },
      });
    });
    const scripts: string[] = [];
    page.on('request', (sent) => {
      // The app's scripts, not the small one that starts them.
      const url = sent.url();
      if (/\/assets\/.+\.js$/.test(url) && !url.includes('start-after-paint')) scripts.push(url);
    });
    return {
      scripts,
      started: () => page.evaluate(() => performance.getEntriesByName('app-start').length),
      releaseFrames: () =>
        page.evaluate(() => (window as unknown as { releaseFrames: () => void }).releaseFrames()),
    };
  }

  test('Home fetches and runs its scripts only once the browser has drawn a frame', async ({
    page,
  }) => {
    const frames = await holdFrames(page);
    await page.goto('/');
    await page.waitForLoadState('load');
    // Its first paint is all in the HTML: the stylesheet and the banner have the
    // connection to themselves.
    expect(frames.scripts).toEqual([]);
    expect(await frames.started()).toBe(0);
    await expect(page.getByTestId('spinner')).toBeVisible();

    await frames.releaseFrames();
    await expect(page.getByRole('heading', { name: 'Latest Items' })).toBeVisible();
    expect(await frames.started()).toBe(1);
    expect(frames.scripts.length).toBeGreaterThan(0);
  });

  test('another page fetches its scripts at once, and runs them once a frame is drawn', async ({
    page,
  }) => {
    const frames = await holdFrames(page);
    await page.goto('/blogs');
    // Every script has arrived by 'load' (its content needs them); the app's has not run.
    await page.waitForLoadState('load');
    expect(frames.scripts.length).toBeGreaterThan(0);
    expect(await frames.started()).toBe(0);

    await frames.releaseFrames();
    await expect.poll(frames.started).toBe(1);
    await expect(page.getByTestId('spinner')).toHaveCount(0);
  });

  test("a tap on the phone menu's button before the app runs opens the menu", async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'the menu button is for phones');
    const frames = await holdFrames(page);
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await frames.started()).toBe(0);

    await frames.releaseFrames();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(
      page.getByRole('banner').getByRole('searchbox', { name: 'Search laptops' }),
    ).toBeVisible();
  });

  test('at once in a tab opened in the background, which gets no frames', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
      window.requestAnimationFrame = () => 0;
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Latest Items' })).toBeVisible();
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
