import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignedInAs, createAccount, signInWithApi } from './support/accounts.ts';
import { accessibilityViolations as violations } from './support/axe.ts';
import { sellerWithListing } from './support/listings.ts';

/** Demo accounts (the seed's; password demo1234). */
const demo = {
  guest: null,
  buyer: 'emma@example.com',
  seller: 'ayesha@example.com',
  admin: 'admin@example.com',
} as const;

/** Each screen with who sees it and the heading that says it has arrived. */
const screens: { role: keyof typeof demo; path: string; heading: string | RegExp }[] = [
  { role: 'guest', path: '/login', heading: 'Log in' },
  { role: 'guest', path: '/signup', heading: 'Sign up' },
  { role: 'guest', path: '/search?q=thinkpad', heading: 'Results for "thinkpad"' },
  { role: 'guest', path: '/no/such/page', heading: /not found/i },
  { role: 'guest', path: '/conditions', heading: 'What our condition grades mean' },
  { role: 'guest', path: '/', heading: /./ },
  { role: 'guest', path: '/search', heading: /./ },
  { role: 'guest', path: '/faq', heading: /./ },
  { role: 'guest', path: '/blogs', heading: /./ },
  { role: 'guest', path: '/privacy', heading: /./ },
  { role: 'guest', path: '/terms', heading: /./ },
  { role: 'guest', path: '/reset-password', heading: /./ },
  { role: 'buyer', path: '/dashboard/messages', heading: /./ },
  { role: 'buyer', path: '/dashboard/saved-searches', heading: /./ },
  { role: 'seller', path: '/dashboard', heading: /^Welcome, / },
  { role: 'seller', path: '/dashboard/messages', heading: /./ },
  { role: 'seller', path: '/dashboard/profile', heading: 'My profile' },
  { role: 'admin', path: '/dashboard', heading: /^Welcome, / },
  { role: 'buyer', path: '/dashboard', heading: /^Welcome, / },
  { role: 'buyer', path: '/dashboard/myorders', heading: 'My Orders' },
  { role: 'buyer', path: '/dashboard/profile', heading: 'My profile' },
  { role: 'buyer', path: '/dashboard/saved', heading: 'Saved laptops' },
  { role: 'seller', path: '/dashboard/addaproduct', heading: 'Add a laptop' },
  { role: 'seller', path: '/dashboard/myproducts', heading: 'My products' },
  { role: 'seller', path: '/dashboard/mybuyers', heading: 'My buyers' },
  { role: 'seller', path: '/dashboard/earnings', heading: 'Earnings' },
  { role: 'admin', path: '/dashboard/allsellers', heading: 'All sellers' },
  { role: 'admin', path: '/dashboard/allbuyers', heading: 'All buyers' },
  { role: 'admin', path: '/dashboard/allusers', heading: 'All users' },
  { role: 'admin', path: '/dashboard/reportedItems', heading: 'Reports' },
  { role: 'admin', path: '/dashboard/reported-conversations', heading: 'Reported conversations' },
  { role: 'admin', path: '/dashboard/activity', heading: 'Activity' },
  { role: 'admin', path: '/dashboard/disputes', heading: 'Disputes' },
  { role: 'admin', path: '/dashboard/money', heading: 'Money' },
  { role: 'admin', path: '/dashboard/review-reports', heading: 'Reported reviews' },
];

const signInAs = (page: Page, email: string) =>
  signInWithApi(page.request, { email, password: 'demo1234' });

/** A new listing that a new buyer has reported, through the real API. */
async function reportedListing(request: APIRequestContext) {
  const listing = await sellerWithListing();
  const buyer = await createAccount(request, 'buyer', 'Axe Reporter');
  const api = await apiSignedInAs(buyer);
  const reported = await api.post('/api/reports', {
    data: { productId: listing.productId, reason: 'scam', reportText: 'Checking the queue.' },
  });
  expect(reported.status()).toBe(201);
  await api.dispose();
}

/** A laptop for sale, its brand and its seller, from the demo data (the guest's pages). */
async function demoLaptopScreens(request: APIRequestContext): Promise<typeof screens> {
  const latest = await request.get('/api/latestProducts');
  expect(latest.ok()).toBe(true);
  const [laptop] = (await latest.json()) as { _id: string; category: string; sellerId: string }[];
  if (!laptop) throw new Error('the demo data has no laptop for sale');
  return [
    { role: 'guest', path: `/laptops/${laptop._id}`, heading: /./ },
    { role: 'guest', path: `/category/${laptop.category}`, heading: /./ },
    { role: 'guest', path: `/sellers/${laptop.sellerId}`, heading: /./ },
  ];
}

// Every screen, each as its role sees it, at this project's width (phone tables are
// cards, the dashboard menu a drawer). One test per role: signing in and starting a
// browser page per screen would cost more than the checks. Each screen's full-page
// screenshot is kept in the test's output folder (test-results/), to look at after a run.
for (const role of Object.keys(demo) as (keyof typeof demo)[]) {
  test(`every ${role} screen has no detectable accessibility violations`, async ({
    page,
    request,
  }, testInfo) => {
    const email = demo[role];
    // The admin's report queue is checked with a report in it (a fresh database has none).
    if (role === 'admin') await reportedListing(request);
    const extra = role === 'guest' ? await demoLaptopScreens(request) : [];
    const mine = [...screens, ...extra].filter((each) => each.role === role);
    // Up to 20 s a screen (axe and a full-page picture each), on a slow machine.
    test.setTimeout(30_000 + mine.length * 20_000);
    if (email) await signInAs(page, email);
    const found: string[] = [];
    for (const screen of mine) {
      await page.goto(screen.path);
      await expect(
        page.getByRole('heading', { level: 1, name: screen.heading }).first(),
      ).toBeVisible();
      // Lists are checked with their rows in place, not their spinners.
      await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
      found.push(...(await violations(page)).map((violation) => `${screen.path} ${violation}`));
      const slug = screen.path.replaceAll(/[^a-z0-9]+/gi, '-').replaceAll(/^-|-$/g, '');
      await page.screenshot({
        path: testInfo.outputPath(`${role}-${slug.slice(0, 60) || 'home'}.png`),
        fullPage: true,
      });
    }
    expect(found).toEqual([]);
  });
}

test('a refused form, and the phone dashboard drawer open, have no detectable violations', async ({
  page,
}) => {
  await signInAs(page, demo.seller);
  await page.goto('/dashboard/addaproduct');
  await page.getByRole('button', { name: 'Add laptop' }).click();
  await expect(page.getByText('Please fill in the location')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  const toggle = page.getByRole('button', { name: 'Dashboard menu' });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close dashboard menu' })).toBeFocused();
    expect(await violations(page)).toEqual([]);
  }
});
