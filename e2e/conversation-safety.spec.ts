import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { apiSignedInAs, createAccount, signIn, signInWithApi } from './support/accounts.ts';
import { accessibilityViolations } from './support/axe.ts';
import { sellerWithListing } from './support/listings.ts';

const demoAdmin = { email: 'admin@example.com', password: 'demo1234' };

/** A page of its own (own cookies) for another person, signed in through the API. */
async function pageFor(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithApi(page.request, account);
  return { page, close: () => context.close() };
}

/** A seller's listing and a buyer who have written to each other already. */
async function conversationWithScam(request: APIRequestContext, buyerName: string) {
  const stamp = Date.now().toString(36);
  const listing = await sellerWithListing({ name: `Latitude 7420 Safe${stamp}` });
  const buyer = await createAccount(request, 'buyer', `${buyerName} ${stamp}`);
  const buyerApi = await apiSignedInAs(buyer);
  const started = await buyerApi.post('/api/conversations', {
    data: { productId: listing.productId },
  });
  const { conversationId } = (await started.json()) as { conversationId: string };
  await buyerApi.post(`/api/conversations/${conversationId}/messages`, {
    data: { body: 'Is it still for sale?' },
  });
  const sellerApi = await apiSignedInAs(listing.seller);
  const sent = await sellerApi.post(`/api/conversations/${conversationId}/messages`, {
    data: { body: 'Yes. Pay me by gift card first and I will post it.' },
  });
  expect(sent.status()).toBe(201);
  return {
    listing,
    buyer,
    buyerApi,
    sellerApi,
    conversationId,
    buyerName: `${buyerName} ${stamp}`,
  };
}

// Two tests, not one: the whole story (six accessibility checks across three people) ran
// out of its 90 s on a loaded CI host.
test('a buyer reports and blocks a seller from the thread, after reading what that does', async ({
  page,
  request,
}) => {
  const { buyer, buyerApi, sellerApi, conversationId } = await conversationWithScam(
    request,
    'Rita Reporter',
  );
  await buyerApi.dispose();
  await sellerApi.dispose();

  // The buyer reports the conversation from the thread.
  await signIn(page, buyer);
  await page.goto(`/dashboard/messages/${conversationId}`);
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText('Pay me by gift card first')).toBeVisible();
  await page.getByRole('button', { name: 'Report this conversation' }).click();
  const report = page.getByRole('dialog', { name: 'Report this conversation' });
  await report.getByLabel('Scam or fraud').check();
  await report
    .getByRole('textbox', { name: /Details/ })
    .fill('Asks for gift cards before meeting.');
  expect(await accessibilityViolations(page)).toEqual([]);
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. An admin will look at your report.')).toBeVisible();
  await expect(report).toBeHidden();

  // Then blocks the seller, after reading what that does.
  await page.getByRole('button', { name: 'Block Sid Seller' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Block Sid Seller?' });
  await expect(confirm).toContainText('Bookings and orders between you stay as they are.');
  expect(await accessibilityViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  // Checked once the dialog has gone: mid-fade its faint buttons fail the contrast rule.
  await expect(confirm).toBeHidden();
  await expect(
    page.getByText('You blocked Sid Seller. Neither of you can send messages here.'),
  ).toBeVisible();
  await expect(page.getByLabel('Your message')).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  // The thread leaves the buyer's inbox; the profile lists whom they blocked.
  await page.goto('/dashboard/messages');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sid Seller/ })).toHaveCount(0);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('button', { name: 'Unblock Sid Seller' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test('the admin reads a reported thread beside the report; the blocked seller can no longer write', async ({
  browser,
  request,
}) => {
  const { listing, buyerApi, sellerApi, conversationId, buyerName } = await conversationWithScam(
    request,
    'Rex Reporter',
  );
  // The buyer reports and blocks, as the test above does through the thread's page.
  const reported = await buyerApi.post(`/api/conversations/${conversationId}/reports`, {
    data: { reason: 'scam', reportText: 'Asks for gift cards before meeting.' },
  });
  expect(reported.status()).toBe(201);
  const blocked = await buyerApi.post(`/api/conversations/${conversationId}/block`);
  expect(blocked.ok()).toBe(true);
  await buyerApi.dispose();

  // The admin finds the report and reads that thread beside it.
  const admin = await pageFor(browser, demoAdmin);
  await admin.page.goto('/dashboard/reported-conversations');
  const row = admin.page.getByRole('row').filter({ hasText: buyerName });
  await expect(row).toContainText('Scam or fraud');
  await expect(row).toContainText('Asks for gift cards before meeting.');
  expect(await accessibilityViolations(admin.page)).toEqual([]);
  await row
    .getByRole('link', { name: `Read the conversation between ${buyerName} and Sid Seller` })
    .click();
  await expect(admin.page.getByRole('heading', { name: 'Report on Sid Seller' })).toBeVisible();
  const thread = admin.page.getByRole('list', { name: 'The conversation' });
  await expect(thread.getByText('Pay me by gift card first')).toBeVisible();
  await expect(thread.getByText('Is it still for sale?')).toBeVisible();
  await expect(admin.page.getByRole('textbox')).toHaveCount(0);
  expect(await accessibilityViolations(admin.page)).toEqual([]);
  await admin.page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(admin.page.getByText('Report dismissed.')).toBeVisible();
  await admin.close();
  // The seller is told only that the conversation is closed, and cannot write.
  const seller = await pageFor(browser, listing.seller);
  await seller.page.goto(`/dashboard/messages/${conversationId}`);
  await expect(
    seller.page.getByText('You can no longer send messages in this conversation.'),
  ).toBeVisible();
  await expect(seller.page.getByLabel('Your message')).toHaveCount(0);
  expect(await accessibilityViolations(seller.page)).toEqual([]);
  const refused = await sellerApi.post(`/api/conversations/${conversationId}/messages`, {
    data: { body: 'Hello?' },
  });
  expect(refused.status()).toBe(409);
  await sellerApi.dispose();
  await seller.close();
});
