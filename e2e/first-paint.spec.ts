import { expect, test, type Page } from '@playwright/test';
import { createAccount, signInWithApi } from './support/accounts.ts';
import { categoryIdOf } from './support/listings.ts';

// The build writes each page's first paint into its HTML
// (apps/web/scripts/write-first-paint.mjs), so a visitor on a slow phone sees the page
// before the scripts have arrived.
test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('Home shows the navbar, the first banner and the welcome text', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByText('LaptopResale')).toBeVisible();
    await expect(page.getByText('Great laptops, second-hand prices')).toBeVisible();
    await expect(page.locator('img[src*="/assets/banner-1-"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome to Laptop Resale' })).toBeVisible();
    // The calls to action already lead on; the lists' places hold grey cards.
    await expect(page.getByRole('link', { name: 'Browse laptops' })).toHaveAttribute(
      'href',
      '/search',
    );
    await expect(page.getByRole('heading', { name: 'Latest laptops' })).toBeVisible();
    await expect(page.locator('main li.skeleton').first()).toBeVisible();
    await expect(page.getByTestId('spinner')).toHaveCount(0);
  });

  test("the navbar's search box already searches", async ({ page, isMobile }) => {
    test.skip(isMobile, "a phone's box is in the menu, which the app opens");
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search laptops' });
    await box.fill('thinkpad');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=thinkpad$/);
    await expect(page.getByRole('heading', { name: 'Results for "thinkpad"' })).toBeVisible();
  });

  test('another page shows the navbar and the loading spinner, not Home', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('banner').getByText('LaptopResale')).toBeVisible();
    await expect(page.getByTestId('spinner')).toBeVisible();
    await expect(page.getByText('Great laptops, second-hand prices')).toHaveCount(0);
  });

  test('a search page shows its first results, drawn by the server', async ({ page }) => {
    await page.goto('/search?q=thinkpad');
    await expect(page.getByRole('heading', { name: 'Results for "thinkpad"' })).toBeVisible();
    await expect(page.getByText(/^\d+ laptops? found$/)).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText(/thinkpad/i);
    await expect(page.getByTestId('spinner')).toHaveCount(0);
  });

  test("a drawn page's filters already filter, and Clear clears them", async ({
    page,
    isMobile,
  }) => {
    await page.goto('/search?q=thinkpad');
    // On a phone they are a disclosure, which the browser opens by itself.
    if (isMobile) await page.getByText(/^Filters( \(\d+\))?$/).click();
    const filters = page.getByRole('search', { name: 'Filters' });
    await filters.getByLabel('Condition').selectOption('Excellent');
    // The sort sits above the results, in the filters' form all the same.
    await page
      .getByRole('region', { name: 'Results' })
      .getByLabel('Sort by')
      .selectOption('price_asc');
    await filters.getByRole('button', { name: 'Apply filters' }).click();

    await expect(page).toHaveURL(/\/search\?q=thinkpad&.*condition=Excellent.*&sort=price_asc$/);
    await expect(page.getByRole('heading', { name: 'Results for "thinkpad"' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText('Excellent');
    const prices = await cards.evaluateAll((all) =>
      all.map((card) =>
        Number(/\$([\d,.]+)/.exec(card.textContent ?? '')?.[1]?.replaceAll(',', '')),
      ),
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    if (isMobile) await page.getByText(/^Filters( \(\d+\))?$/).click();
    await expect(filters.getByLabel('Condition')).toHaveValue('Excellent');
    await filters.getByRole('link', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { name: 'Search laptops', level: 1 })).toBeVisible();
  });

  test("a signed-in visitor's category page shows its laptops and their name", async ({
    page,
    request,
  }) => {
    const buyer = await createAccount(request, 'buyer', 'Paige Server');
    await signInWithApi(page.context().request, buyer);
    await page.goto(`/category/${await categoryIdOf(request, 'Lenovo')}`);
    await expect(page.getByRole('heading', { name: 'Lenovo laptops' })).toBeVisible();
    await expect(page.getByRole('article').first()).toContainText('Lenovo');
    // Members see how to reach sellers; the navbar is theirs (on a phone, in its menu).
    await expect(page.getByText('Sign in to see')).toHaveCount(0);
    await expect(page.getByRole('banner').getByText('Log in', { exact: true })).toHaveCount(0);
    expect(await page.locator('[aria-label="My profile: Paige Server"]').count()).toBeGreaterThan(
      0,
    );
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
    await expect(page.locator('main li.skeleton').first()).toBeVisible();

    await frames.releaseFrames();
    await expect(
      page.getByRole('region', { name: 'Latest laptops' }).getByRole('article').first(),
    ).toBeVisible();
    expect(await frames.started()).toBe(1);
    expect(frames.scripts.length).toBeGreaterThan(0);
  });

  test('a search page drawn by the server fetches its scripts only once it is drawn too', async ({
    page,
  }) => {
    const frames = await holdFrames(page);
    await page.goto('/search?q=thinkpad');
    await page.waitForLoadState('load');
    // Its results are in the HTML: the stylesheet and the first pictures come first.
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(frames.scripts).toEqual([]);

    await frames.releaseFrames();
    await expect.poll(frames.started).toBe(1);
    expect(frames.scripts.length).toBeGreaterThan(0);
  });

  test('a visitor who scrolled the drawn page stays there when the app takes over', async ({
    page,
  }) => {
    const frames = await holdFrames(page);
    await page.setViewportSize({ width: 390, height: 500 });
    await page.goto('/search');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    const scrolled = await page.evaluate(() => window.scrollY);

    await frames.releaseFrames();
    await expect.poll(frames.started).toBe(1);
    // The app's own cards: the page has been taken over.
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Within a line of text: with other tests' new listings first on the page, the
    // app's cards once stood 9 px off the drawn ones, a gap still to be traced.
    const now = await page.evaluate(() => window.scrollY);
    expect(Math.abs(now - scrolled)).toBeLessThanOrEqual(16);
  });

  test('what a visitor typed into the drawn filters, and where, stays when the app takes over', async ({
    page,
    isMobile,
  }) => {
    const frames = await holdFrames(page);
    await page.goto('/search?q=thinkpad');
    const drawnForm = await page.locator('main form').elementHandle();
    // On a phone the filters are a disclosure, opened by the visitor.
    if (isMobile) await page.getByText(/^Filters( \(\d+\))?$/).click();
    const filters = page.getByRole('search', { name: 'Filters' });
    await filters.getByLabel('Condition').selectOption('Excellent');
    await filters.getByLabel('Location').fill('Boston');
    expect(await frames.started()).toBe(0);

    await frames.releaseFrames();
    // Polled from here: waitForFunction polls on animation frames, which were held back.
    await expect.poll(() => drawnForm?.evaluate((form) => form.isConnected)).toBe(false);
    // The app's own form, as the visitor left the drawn one.
    await expect(filters.getByLabel('Location')).toHaveValue('Boston');
    await expect(filters.getByLabel('Location')).toBeFocused();
    await expect(filters.getByLabel('Condition')).toHaveValue('Excellent');
    // And in the app's state: Enter applies them, through the app (no page load).
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=thinkpad&condition=Excellent&location=Boston$/);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
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

  test("a tap on a drawn laptop's menu before the app runs opens it once the app has started", async ({
    page,
  }) => {
    const frames = await holdFrames(page);
    await page.goto('/search?q=thinkpad');
    await page.waitForLoadState('load');
    await page
      .getByRole('article')
      .first()
      .getByRole('button', { name: /^More options: / })
      .click();
    expect(await frames.started()).toBe(0);
    await expect(page.getByRole('menu')).toHaveCount(0);

    await frames.releaseFrames();
    await expect(page.getByRole('menuitem', { name: 'Report this laptop' })).toBeVisible();
    await expect(page.getByRole('menu')).toHaveCount(1);
  });

  test("a guest's tap on Book on a drawn laptop page leads to logging in once the app runs", async ({
    page,
    request,
  }) => {
    const [laptop] = await (await request.get('/api/latestProducts')).json();
    const frames = await holdFrames(page);
    await page.goto(`/laptops/${laptop._id}`);
    await page.waitForLoadState('load');
    await page.getByRole('main').getByRole('button', { name: 'Book now' }).click();
    expect(await frames.started()).toBe(0);

    await frames.releaseFrames();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Please log in to book this laptop.')).toBeVisible();
  });

  test('at once in a tab opened in the background, which gets no frames', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
      window.requestAnimationFrame = () => 0;
    });
    await page.goto('/');
    await expect(
      page.getByRole('region', { name: 'Latest laptops' }).getByRole('article').first(),
    ).toBeVisible();
  });
});

/** Layout shifts since the page started loading, as the browser reports them. */
function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { value: number })[];
          resolve(entries.reduce((sum, entry) => sum + entry.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 1000);
      }),
  );
}

test('the app takes over the prerendered page without moving it', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Latest laptops' }).getByRole('article').first(),
  ).toBeVisible();
  const shift = await layoutShiftSoFar(page);
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
  await expect(
    page.getByRole('region', { name: 'Latest laptops' }).getByRole('article').first(),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Categories', exact: true }).getByRole('link').first(),
  ).toBeVisible();

  // The preload links start the requests ('other', not the page's own 'fetch'), and the
  // page's fetches take their answers instead of asking again.
  for (const path of watched) expect(requests.get(path), path).toEqual(['other']);
});

test("Chrome compiles the app's entry script while it downloads", async ({ request }) => {
  const html = await (await request.get('/')).text();
  const entry = /data-src="([^"]+)"/.exec(html)?.[1];
  expect(entry, 'the start script names the entry').toBeTruthy();
  // V8's explicit compile hint: the whole file runs at load, so it is compiled on a
  // background thread, not function by function on the main thread (vite.config.ts).
  const script = await (await request.get(entry ?? '')).text();
  expect(script.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
});

test('the app takes over a search page the server drew without asking again or moving it', async ({
  page,
  isMobile,
}) => {
  const asked: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    // The counts beside the filters' choices are asked for once the results are shown.
    if (pathname === '/api/search/counts') return;
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/images/')) asked.push(pathname);
  });
  // The server's first card, kept to tell when the app has drawn its own in its place.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as { serverCard?: Element | null }).serverCard = document.querySelector('article');
    });
  });
  await page.goto('/search?q=thinkpad');
  await page.waitForFunction(() => {
    const { serverCard } = window as { serverCard?: Element | null };
    const card = document.querySelector('article');
    return serverCard && card && card !== serverCard;
  });
  const shift = await layoutShiftSoFar(page);
  expect(shift).toBeLessThan(0.01);
  // The session, the category names and the results came with the page.
  expect(asked).toEqual([]);

  // The app runs the page: a new search is answered in place, by its own request.
  if (isMobile) await page.getByText(/^Filters( \(\d+\))?$/).click();
  const box = page.getByRole('search', { name: 'Filters' }).getByLabel('Search text');
  await box.fill('dell');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=dell/);
  await expect(page.getByRole('heading', { name: 'Results for "dell"' })).toBeVisible();
  expect(asked).toEqual(['/api/search']);
});
