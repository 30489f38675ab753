import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, signInWithApi } from './support/accounts.ts';
import { book } from './support/deals.ts';
import { sellerWithListing } from './support/listings.ts';
import { takenOver } from './support/takeover.ts';

/*
 * Visual guards: each main page is compared with a screenshot kept in
 * e2e/__screenshots__, so an unintended change to a layout, a colour or a font shows
 * up as a failing test with the difference attached. The pages are drawn from data that
 * this file makes for itself (other tests change the demo data as they run); what still
 * changes from run to run (lists of other laptops, dates) is masked. After an intended
 * change: `npm run test:e2e:update-screenshots`, then look at every new picture before
 * committing it. The pictures are made with Chromium from Debian and the DejaVu fonts,
 * as in CI (docs/decisions/0049-visual-guards.md).
 */

/**
 * One laptop per width, named so that a search finds it alone, and an HP, as other
 * tests' laptops are: the demo's own brands and models are counted by some tests.
 */
const laptopName = () =>
  `HP ProBook 450 ${test.info().project.name === 'phone' ? 'Quokka' : 'Wombat'} Edition`;

async function visualListing() {
  return sellerWithListing({
    name: laptopName(),
    brand: 'HP',
    price: 455,
    photos: 2,
    specs: { cpuModel: 'Core i5-1135G7', screenInches: 14, batteryHealth: 91 },
  });
}

/** Dates move with the day of the run (the footer's year too). */
const changing = (page: Page): Locator[] => [
  page.locator('time'),
  page.getByText(/^Member since/),
  page.getByText(/^© \d{4}/),
];

async function expectPage(page: Page, name: string, mask: Locator[] = []) {
  // Nothing is still loading: no spinner, no placeholder, no image in flight. Lazy
  // images and sections load as they come near the screen: scroll down, then back.
  await expect(page.getByTestId('spinner')).toHaveCount(0);
  await expect(page.locator('main .skeleton')).toHaveCount(0);
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((done) => setTimeout(done, 50));
    }
    window.scrollTo(0, 0);
  });
  // Loaded, or failed (a broken picture shows as such in the picture of the page).
  // A lazy picture passed too fast on a slow host never starts: ask for them all now.
  await page.evaluate(() => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
  });
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  // The whole page, on a screen made as tall as the page. (Playwright's fullPage
  // picture of a phone's page drew its footer 100 px higher than the page has it, so
  // the masks missed.) The main area and the dashboard's side menu are a screen tall
  // at least, which would grow with the screen: here they are as tall as what they hold.
  await page.addStyleTag({ content: 'main, .drawer { min-height: 0 !important; }' });
  const screen = page.viewportSize() ?? { width: 0, height: 0 };
  for (let tries = 0; tries < 3; tries += 1) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (height === page.viewportSize()?.height) break;
    if (tries === 2) throw new Error(`${name}: the page grows with the screen (${height} px)`);
    await page.setViewportSize({ width: screen.width, height });
  }
  await expect(page).toHaveScreenshot(name, { mask: [...changing(page), ...mask] });
  await page.setViewportSize(screen);
}

test.describe.configure({ mode: 'serial' });

test('Home', async ({ page }) => {
  await page.goto('/');
  // The slideshow stands still on its first slide; the lists are other tests' laptops.
  await (await takenOver(page.getByRole('button', { name: /^Pause/ }))).click();
  await page.getByRole('button', { name: 'Show slide 1' }).click();
  await expect(page.locator('[data-active="true"]')).toHaveAttribute('aria-label', '1 of 4');
  await expect(
    page.getByRole('region', { name: 'Latest laptops' }).getByRole('article'),
  ).toHaveCount(9);
  // The sections below the lists load as they come near the screen.
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  // A card is as tall as what it holds (a name on one line or two), and the lists hold
  // other tests' laptops: their cards are masked, each at one fixed height.
  const cards = page
    .getByRole('region', { name: /^(Advertised|Latest) laptops$/ })
    .getByRole('listitem');
  await cards.evaluateAll((items) =>
    items.forEach((item) => {
      if (item instanceof HTMLElement)
        Object.assign(item.style, { height: '240px', overflow: 'hidden' });
    }),
  );
  await expectPage(page, 'home.png', [cards]);
});

test('a laptop, its search and its seller', async ({ page }) => {
  const listing = await visualListing();

  await page.goto(`/laptops/${listing.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
  await expectPage(page, 'laptop.png');

  const word = listing.name.split(' ')[3] ?? '';
  await page.goto(`/search?q=${word}`);
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
  await expectPage(page, 'search.png');

  await page.getByRole('link', { name: 'Sid Seller' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sid Seller' })).toBeVisible();
  await expectPage(page, 'seller.png');
});

test('log in and sign up', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expectPage(page, 'login.png');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  await expectPage(page, 'signup.png');
});

test("a seller's overview and a buyer's payment page", async ({ page, request }) => {
  const listing = await visualListing();
  await signInWithApi(page.request, listing.seller);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expectPage(page, 'seller-overview.png');

  await page.context().clearCookies();
  const buyer = await createAccount(request, 'buyer', 'Bea Buyer');
  await signInWithApi(page.request, buyer);
  const orderId = await book(page, listing.productId);
  await page.goto(`/dashboard/payment/${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The new buyer's address is made up anew on every run.
  await expectPage(page, 'payment.png', [page.getByLabel('Email')]);
});
