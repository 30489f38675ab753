import { expect, test, type Page } from '@playwright/test';
import {
  apiSignedInAs,
  createAccount,
  dashboardMenu,
  logIn,
  navbar,
  signInWithApi,
} from './support/accounts.ts';
import { accessibilityViolations } from './support/axe.ts';

/**
 * Whether the page's script still answers. A tab caught in an endless loop never
 * does, and then every Playwright call on it waits forever: this gives up in time.
 */
async function answers(page: Page, withinMs = 10_000): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), withinMs));
  return Promise.race([page.evaluate(() => true), timeout]);
}

const loginHeading = (page: Page) => page.getByRole('heading', { name: 'Log in', level: 1 });

test('Back after logging out shows the login page, which leads back to the page', async ({
  page,
  request,
}) => {
  // Signed in on an earlier visit: this visit has not loaded the login page's code.
  const seller = await createAccount(request, 'seller', 'Bao Back');
  await signInWithApi(page.request, seller);
  await page.goto('/dashboard/myproducts');
  await expect(page.getByRole('heading', { name: 'My products', level: 1 })).toBeVisible();

  await (await navbar(page)).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForTimeout(2000);
  await page.goBack({ waitUntil: 'commit' });

  // The guard and the router sent each other back and forth for good: the tab froze.
  expect(await answers(page), 'the tab still answers after Back').toBe(true);
  await expect(loginHeading(page)).toBeVisible({ timeout: 5000 });
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, seller);
  await expect(page).toHaveURL(/\/dashboard\/myproducts$/);
  await expect(page.getByRole('heading', { name: 'My products', level: 1 })).toBeVisible();
});

test("a buyer opening a seller's page is told whose page it is and stays signed in", async ({
  page,
  request,
}) => {
  const buyer = await createAccount(request, 'buyer', 'Wren Wrongpage');
  await signInWithApi(page.request, buyer);
  await page.goto('/dashboard/addaproduct');

  const heading = page.getByRole('heading', { name: 'This page is for sellers', level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.getByText('You are logged in as a buyer')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/addaproduct$/);
  await expect(page).toHaveTitle(/^This page is for sellers/);
  expect(await accessibilityViolations(page)).toEqual([]);
  // The menu is still the buyer's own.
  const menu = await dashboardMenu(page);
  await expect(menu.getByRole('link', { name: 'My orders' })).toBeAttached();
  await expect(menu.getByRole('link', { name: 'Add a laptop' })).toHaveCount(0);
  if (await page.getByRole('button', { name: 'Close dashboard menu' }).isVisible()) {
    await page.keyboard.press('Escape');
  }

  // The way back, by keyboard; Back again brings the message, its heading focused.
  const toDashboard = page.getByRole('link', { name: 'Go to your dashboard' });
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to home' })).toBeVisible();
  await toDashboard.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Welcome, Wren Wrongpage' })).toBeVisible();
  await page.goBack();
  await expect(heading).toBeFocused();

  // Still signed in, here and on the server (RequireRole used to sign out everywhere).
  await page.goto('/dashboard/myorders');
  await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  expect(await (await page.request.get('/api/auth/get-session')).json()).not.toBeNull();
});

test('signed out everywhere from another device, the next page asks to log in again and leads back', async ({
  page,
  request,
}) => {
  const buyer = await createAccount(request, 'buyer', 'Sam Signedout');
  await signInWithApi(page.request, buyer);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();

  // "Log out everywhere" from another device ends this browser's session too.
  const phone = await apiSignedInAs(buyer);
  const origin = test.info().project.use.baseURL ?? '';
  expect(
    (await phone.post('/api/auth/revoke-sessions', { headers: { origin }, data: {} })).ok(),
  ).toBe(true);
  await phone.dispose();

  // The app still believes it is signed in; the next page's request is refused.
  const menu = await dashboardMenu(page);
  await menu.getByRole('link', { name: 'My orders' }).click();
  await expect(loginHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(
    'You have been signed out. Please log in again.',
  );
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  // Nobody is shown as signed in any more.
  const banner = await navbar(page);
  await expect(banner.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  if (await banner.getByRole('button', { name: 'Close menu' }).isVisible()) {
    await banner.getByRole('button', { name: 'Close menu' }).click();
  }

  await logIn(page, buyer);
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible();
});
