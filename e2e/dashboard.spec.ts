import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/accounts.ts';
import { accessibilityViolations } from './support/axe.ts';

const demo = (email: string) => ({ email, password: 'demo1234' });

test("a buyer's dashboard opens with their next step", async ({ page }) => {
  await signIn(page, demo('emma@example.com'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Emma Wilson', level: 1 })).toBeVisible();
  // Her MacBook Pro is paid and its money held until she meets the seller.
  const next = page.getByRole('region', { name: 'Next step' });
  await expect(next).toContainText('Meet the seller of the');
  await expect(page.getByRole('link', { name: /Waiting for the handover/ })).toContainText('1');
  expect(await accessibilityViolations(page)).toEqual([]);
  await next.getByRole('link', { name: 'Open the order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]+$/);
});

test("a seller's dashboard shows their laptops, deals and money", async ({ page }) => {
  await signIn(page, demo('marcus@example.com'));
  await page.goto('/dashboard');
  const money = page.getByRole('region', { name: 'Your money' });
  // His handed-over sales were released to him. (Another test may set up his payouts:
  // the link then says so.)
  await expect(money.getByText('To be paid out')).toBeVisible();
  await expect(
    money.getByRole('link', { name: /^(Set up payouts|See your earnings)$/ }),
  ).toHaveAttribute('href', '/dashboard/earnings');
  await expect(page.getByRole('link', { name: /For sale/ })).toHaveAttribute(
    'href',
    '/dashboard/myproducts',
  );
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Add a laptop' }).last().click();
  await expect(page).toHaveURL(/\/dashboard\/addaproduct$/);
});

test("an admin's dashboard shows the queues waiting for them", async ({ page, request }) => {
  // A new seller waits to be verified (other tests add sellers too: at least this one).
  await createAccount(request, 'seller', 'Vera Unverified');
  await signIn(page, demo('admin@example.com'));
  await page.goto('/dashboard');
  const verify = page.getByRole('link', { name: /Sellers to verify/ });
  await expect(verify).toContainText(/^[1-9]\d*Sellers to verify$/);
  expect(await accessibilityViolations(page)).toEqual([]);
  await verify.click();
  await expect(page).toHaveURL(/\/dashboard\/allsellers$/);
});
