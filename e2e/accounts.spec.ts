import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  createAccount,
  dashboardMenu,
  latestEmailTo,
  logIn,
  navbar,
  signIn,
} from './support/accounts.ts';
import { googleUser } from './support/env.mjs';

const picture = path.join(import.meta.dirname, 'support', 'avatar.png');

test('a seller signs up with a picture and lands on Add a laptop, signed in', async ({ page }) => {
  await page.goto('/blogs');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await expect(page.getByText('Please enter your email')).toBeVisible();
  await expect(page.getByText('Please enter a password')).toBeVisible();
  await expect(page.getByLabel('Buyer')).toBeChecked();

  const email = `new-seller-${Date.now()}@example.test`;
  await page.getByLabel('Name').fill('Sally Seller');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Seller').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(
    page.getByText('Sellers need a profile picture: buyers trust a face they can see.'),
  ).toBeVisible();
  await page.getByLabel(/picture/i).setInputFiles(picture);
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('The password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('Password').fill('123456');
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page.getByText('Your account is ready.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/addaproduct$/);
  const nav = await navbar(page);
  const avatar = nav.getByRole('link', { name: /My profile: Sally Seller/ });
  await expect(avatar.getByRole('img')).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]+\.webp$/);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Sally Seller' })).toBeVisible();
  const menu = await dashboardMenu(page);
  for (const name of ['Add a laptop', 'My products', 'My buyers', 'Earnings'])
    await expect(menu.getByRole('link', { name })).toBeAttached();
  await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveCount(0);

  // The welcome email went out.
  expect(await latestEmailTo(email)).toContain('Welcome to Laptop Resale');
});

test('a buyer opening a guarded page logs in and returns to it', async ({ page, request }) => {
  const buyer = await createAccount(request, 'buyer', 'Bailey Buyer');
  await page.goto('/dashboard/myorders');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Please enter your email')).toBeVisible();
  await logIn(page, buyer);
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();

  // Signed in, the navbar offers the dashboard and Log out instead of Log in.
  const banner = await navbar(page);
  await banner.getByRole('button', { name: 'Log out' }).click();
  const toast = page.getByText('You are logged out.');
  await expect(toast).toBeVisible();
  // Toasts sit at the bottom of the screen: they hide no part of the navbar.
  const header = await page.locator('header').first().boundingBox();
  const shown = await toast.boundingBox();
  expect(shown!.y).toBeGreaterThan(header!.y + header!.height);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the dashboard menu: beside the page on a desktop, a drawer run by keyboard on a phone', async ({
  page,
  request,
}) => {
  const buyer = await createAccount(request, 'buyer', 'Dana Drawer');
  await page.goto('/dashboard');
  await logIn(page, buyer);
  await expect(page.getByRole('heading', { name: 'Welcome, Dana Drawer' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  const toggle = page.getByRole('button', { name: 'Dashboard menu' });
  const close = page.getByRole('button', { name: 'Close dashboard menu' });
  if (!(await toggle.isVisible())) {
    await expect(menu.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expect(close).toBeHidden();
    // Keyboard focus on a menu link shows as a solid ring, not a faint tint.
    await menu.getByRole('link', { name: 'My Orders' }).focus();
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return {
        inMenu: Boolean(document.activeElement?.closest('.menu')),
        style: style.outlineStyle,
        width: style.outlineWidth,
        // daisyUI's own is a transparent outline over a faint tint.
        seen: !/^(transparent|rgba\(0, 0, 0, 0\))$/.test(style.outlineColor),
      };
    });
    expect(ring).toEqual({ inMenu: true, style: 'solid', width: '2px', seen: true });
    return;
  }
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(close).toBeFocused();
  await expect(menu.getByRole('link', { name: 'My Orders' })).toBeVisible();
  // Nothing the drawer covers takes focus: Tab stays in the drawer.
  for (const key of ['Shift+Tab', 'Tab', 'Tab']) {
    await page.keyboard.press(key);
    expect(
      await page.evaluate(() =>
        Boolean(document.activeElement?.closest('header, footer, .drawer-content')),
      ),
    ).toBe(false);
  }
  await close.focus();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  await toggle.click();
  await close.click();
  await expect(menu).toBeHidden();
});

test('a buyer opening an admin page stays signed in and is told whose page it is', async ({
  page,
  request,
}) => {
  const buyer = await createAccount(request, 'buyer');
  await signIn(page, buyer);
  await page.goto('/dashboard/allusers');
  await expect(
    page.getByRole('heading', { name: 'This page is for admins', level: 1 }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/allusers$/);
  // It used to sign them out, on every device.
  expect(await (await page.request.get('/api/auth/get-session')).json()).toMatchObject({
    user: { email: buyer.email },
  });
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
});

test("a guest's link to a seller's page, logged into as a buyer, leads to the dashboard", async ({
  page,
  request,
}) => {
  const buyer = await createAccount(request, 'buyer');
  await page.goto('/dashboard/addaproduct');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, buyer);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  expect(await (await page.request.get('/api/auth/get-session')).json()).toMatchObject({
    user: { email: buyer.email },
  });
});

test('logging in with the right kind of account after the guard leads back to the page', async ({
  page,
  request,
}) => {
  await page.goto('/dashboard/addaproduct');
  await expect(page).toHaveURL(/\/login$/);
  const seller = await createAccount(request, 'seller');
  await logIn(page, seller);
  await expect(page).toHaveURL(/\/dashboard\/addaproduct$/);
  await expect(page.getByRole('heading', { name: 'Add a laptop' })).toBeVisible();
});

test('a category page is open to guests, with no phone numbers on its cards', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Categories', exact: true })
    .getByRole('link', { name: 'Apple' })
    .click();
  await expect(page.getByRole('heading', { name: 'Apple laptops', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/category\//);
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/Mobile|Log in to see|\+1 \d{3} 555/);
});

test('a forgotten password is reset from the emailed link', async ({ page, request }) => {
  const buyer = await createAccount(request, 'buyer', 'Forgetful Fran');
  await page.goto('/login');
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Email')).toHaveValue(buyer.email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account uses that email, a reset link is on its way.'),
  ).toBeVisible();

  const mail = await latestEmailTo(buyer.email, 'Subject: Reset your Laptop Resale password');
  const link = /(http:\/\/127\.0\.0\.1:\d+\/api\/auth\/reset-password\/\S+)/.exec(mail)?.[1];
  expect(link).toBeDefined();
  await page.goto(link ?? '');
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill('changed-pass-2');
  await page.getByLabel('Confirm the new password').fill('changed-pass-2');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, { email: buyer.email, password: buyer.password });
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await logIn(page, { email: buyer.email, password: 'changed-pass-2' });
  await expect(page.getByText('Welcome back, Forgetful Fran!')).toBeVisible();
});

test('Google sign-in (a local OpenID Connect server) creates a buyer', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${googleUser.name}` })).toBeVisible();
  const menu = await dashboardMenu(page);
  await expect(menu.getByRole('link', { name: 'My Orders' })).toBeAttached();
  const me = await page.request.get(`/api/users/buyer/${googleUser.email}`);
  expect(await me.json()).toEqual({ isBuyer: true });
});

test('signing out everywhere from the profile ends the session on every device', async ({
  page,
  request,
  browser,
}) => {
  const buyer = await createAccount(request, 'buyer', 'Lost Phone Lou');
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const phonePage = await phone.newPage();
  await phonePage.goto('/dashboard/myorders');
  await logIn(phonePage, buyer);
  await expect(phonePage.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();

  await page.goto('/dashboard/profile');
  await logIn(page, buyer);
  await page.getByRole('button', { name: 'Log out everywhere' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Please confirm' });
  await expect(dialog).toContainText('Log out on every device where you are logged in');
  await dialog.getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(page.getByText('You have been logged out on every device.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The other device is signed out too: its next visit asks it to log in.
  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/login$/);
  await phone.close();
});
