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
  { role: 'buyer', path: '/dashboard', heading: /^Welcome, / },
  { role: 'buyer', path: '/dashboard/myorders', heading: 'My Orders' },
  { role: 'buyer', path: '/dashboard/profile', heading: 'My profile' },
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

// Home, a category page and Blogs have their own checks (storefront.spec.ts); these
// are the other screens, each as its role sees it, at this project's width (phone
// tables are cards, the dashboard menu a drawer). One test per role: signing in and
// starting a browser page per screen would cost more than the checks.
for (const role of Object.keys(demo) as (keyof typeof demo)[]) {
  test(`every ${role} screen has no detectable accessibility violations`, async ({
    page,
    request,
  }) => {
    const email = demo[role];
    // The admin's report queue is checked with a report in it (a fresh database has none).
    if (role === 'admin') await reportedListing(request);
    if (email) await signInAs(page, email);
    const found: string[] = [];
    for (const screen of screens.filter((each) => each.role === role)) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      // Lists are checked with their rows in place, not their spinners.
      await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
      found.push(...(await violations(page)).map((violation) => `${screen.path} ${violation}`));
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
