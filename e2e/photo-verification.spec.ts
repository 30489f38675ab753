import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInWithApi } from './support/accounts.ts';
import { accessibilityViolations } from './support/axe.ts';
import { sellerWithListing } from './support/listings.ts';

// A seller verifies a listing with a photo of a code, an admin approves it, and the
// laptop's page shows the badge.
test.describe.configure({ timeout: 180_000 });

const admin = { email: 'admin@example.com', password: 'demo1234' };
const photo = path.join(import.meta.dirname, 'support', 'laptop-photo.png');

test('a seller sends a photo with a code, an admin approves it, the page says so', async ({
  page,
}) => {
  const listing = await sellerWithListing({ brand: 'HP', name: `HP EliteBook ${Date.now()}` });

  // The seller, on the listing's edit page: a code from the server and how to take the photo.
  await signInWithApi(page.request, listing.seller);
  await page.goto(`/dashboard/myproducts/${listing.productId}/edit`);
  const panel = page.getByRole('region', { name: 'Photo verification' });
  await expect(panel).toContainText('Not verified');
  await panel.getByRole('button', { name: 'Get a code' }).click();
  const code = panel.getByLabel('Your code');
  await expect(code).toHaveText(/^[ACDEFGHJKMNPQRTWXY345679]{6}$/);
  const written = (await code.textContent()) ?? '';
  await expect(panel).toContainText(
    "Write this code on paper, put it on the laptop's keyboard with the screen on, and take one photo.",
  );
  expect(await accessibilityViolations(page)).toEqual([]);

  await panel.getByLabel('Upload the photo').setInputFiles(photo);
  await expect(panel).toContainText('Waiting for review');
  await expect(panel.getByRole('img', { name: 'The photo you sent' })).toBeVisible();
  // My products says where each laptop's photo stands.
  await page.goto('/dashboard/myproducts');
  await expect(page.getByRole('row', { name: new RegExp(listing.name) })).toContainText(
    'Photo in review',
  );

  // Not yet on the laptop's page.
  await page.goto(`/laptops/${listing.productId}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
  await expect(page.getByText('Photo verified')).toHaveCount(0);

  // The admin: the photo large, the code it should show, the listing's photos.
  await signInWithApi(page.request, admin);
  await page.goto('/dashboard/photo-verifications');
  const card = page.getByRole('article', { name: listing.name });
  await expect(card.getByLabel('Code it should show')).toHaveText(written);
  await expect(
    card.getByRole('img', { name: `Verification photo of ${listing.name}` }),
  ).toBeVisible();
  await expect(card.getByRole('img', { name: `${listing.name}, listing photo 1` })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await card.getByRole('button', { name: `Approve the photo of ${listing.name}` }).click();
  await expect(card).toHaveCount(0);

  // Anyone now sees the badge, with what it means.
  await page.goto(`/laptops/${listing.productId}`);
  await expect(page.getByText('Photo verified', { exact: true })).toBeVisible();
  await expect(page.getByText(/An admin matched a photo of this laptop/)).toBeVisible();
});
