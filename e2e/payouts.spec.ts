import { expect, test, type Page } from '@playwright/test';
import { signInWithApi } from './support/accounts.ts';
import { accessibilityViolations as violations } from './support/axe.ts';

/**
 * Demo sellers whose older sales were handed over (the seed released their money), one
 * per width, as both widths run at once against one server: each sets up payouts in
 * test mode and sees its money paid out.
 */
const sellers = {
  phone: {
    email: 'marcus@example.com',
    laptop: 'Dell G15 5520 Gaming, i7, RTX 3060, 165 Hz',
    receive: '$740.05',
    held: '$0.00',
  },
  desktop: {
    email: 'daniel@example.com',
    laptop: 'Lenovo ThinkPad E14 Gen 4, i5, 16 GB, 512 GB',
    receive: '$919.60',
    held: '$2,249.00',
  },
} as const;

/** The amount under one of the four balances. */
const balance = (page: Page, term: string) =>
  page
    .getByLabel('Your money')
    .locator('div')
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator('dd')
    .first();

test('a seller sets up payouts in test mode and sees a released sale paid out', async ({
  page,
}, testInfo) => {
  const seller = sellers[testInfo.project.name as keyof typeof sellers];
  await signInWithApi(page.request, { email: seller.email, password: 'demo1234' });
  await page.goto('/dashboard/earnings');
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(balance(page, 'Held')).toHaveText(seller.held);

  // Not yet on (unless a run before this one against the same server set them up).
  const setUp = page.getByRole('button', { name: 'Set up payouts' });
  await expect(setUp.or(page.getByRole('heading', { name: 'Payouts are on' }))).toBeVisible();
  if (await setUp.isVisible()) {
    await expect(balance(page, 'Available')).toHaveText(seller.receive);
    await expect(page.getByText('Yours. Set up payouts to receive it.')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await setUp.click();

    // The simulated Stripe form, marked Test mode.
    await expect(page).toHaveURL(/\/dashboard\/earnings\/test-onboarding\?account=acct_sandbox_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up payouts' })).toBeVisible();
    await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Finish setting up' }).click();
    await expect(page).toHaveURL(/\/dashboard\/earnings$/);
  }

  await expect(page.getByRole('heading', { name: 'Payouts are on' })).toBeVisible();
  // The payout job sends the money within seconds; the page follows it.
  await expect(balance(page, 'Paid out')).toHaveText(seller.receive, { timeout: 45_000 });
  await expect(balance(page, 'Available')).toHaveText('$0.00');
  await expect(balance(page, 'On its way')).toHaveText('$0.00');
  const sales = page.getByRole('table', { name: 'Your sales and what you receive for each' });
  const sale = sales.getByRole('row').filter({ hasText: seller.laptop });
  await expect(sale.getByText('Paid out', { exact: true })).toBeVisible();
  const paid = page.getByRole('table', { name: 'Money sent to your payout account' });
  await expect(paid.getByRole('row').filter({ hasText: seller.receive })).toContainText('Paid');
  expect(await violations(page)).toEqual([]);

  // The CSV download has the sale.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download all your sales as a CSV file' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^earnings-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain(`${seller.laptop}`);
});
