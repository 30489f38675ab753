import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiSignedInAs, createAccount, logIn } from './support/accounts.ts';
import { categoryIdOf, listingPhone } from './support/listings.ts';

const macReport = fs.readFileSync(
  path.join(
    import.meta.dirname,
    '..',
    'apps/api/src/modules/hardware-reports/parsers/fixtures/macos-macbook-air-m1.json',
  ),
  'utf8',
);
const laptopPhoto = path.join(import.meta.dirname, 'support', 'laptop-photo.png');
const admin = { email: 'admin@example.com', password: 'demo1234' };

/** A serial no other test (nor the other width's run) uses. */
const freshSerial = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

/** The listing form's fields other than the specs and the serial. */
async function fillListing(page: Page, name: string) {
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Category').selectOption({ label: 'HP' });
  await page.getByLabel('Condition', { exact: true }).selectOption('Excellent');
  await page.getByLabel('Years of use').fill('2');
  await page.getByLabel('Description').fill('Serial read from its own report.');
  await page.getByLabel('Add photos').setInputFiles([laptopPhoto]);
  await page.getByLabel('Location').fill('Omaha, NE');
  await page.getByLabel('Mobile number').fill(listingPhone);
  await page.getByLabel('Original price').fill('999');
  await page.getByLabel('Resale price').fill('549');
}

test('a serial from a pasted report is checked; a second seller’s copy is flagged; a stolen one is refused', async ({
  page,
  browser,
  request,
}) => {
  const serial = freshSerial('E2E');
  const seller = await createAccount(request, 'seller', 'Sam Serial');
  await page.goto('/dashboard/addaproduct');
  await logIn(page, seller);
  await expect(page.getByRole('heading', { name: 'Add a laptop', level: 1 })).toBeVisible();

  // The report pasted as text rather than chosen as a file: the form fills itself.
  const summary = page.getByText('Import a hardware report', { exact: true });
  await summary.click();
  await page
    .getByLabel('Or paste what the command printed')
    .fill(macReport.replace('FVFDK4XLQ6L4', serial));
  await page.getByRole('button', { name: 'Read the pasted text' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'filled' })).toContainText(
    '10 fields filled from the report.',
  );
  const serialField = page.getByRole('textbox', {
    name: 'Serial number (optional) From the device report',
  });
  await expect(serialField).toHaveValue(serial);

  const runId = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const name = `HP Serial ${runId}`;
  await fillListing(page, name);
  await page.getByRole('button', { name: 'Add laptop' }).click();
  await expect(page.getByText('Your laptop is now listed.')).toBeVisible();

  // Its page: "Serial checked", and what it means; the serial itself nowhere.
  await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Serial checked', { exact: true })).toBeVisible();
  await expect(page.getByText(/not reported stolen, and no other seller lists it/)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(serial);
  const laptopUrl = page.url();

  // A second seller lists the same laptop's serial (typed otherwise: with dashes).
  const copier = await createAccount(request, 'seller', 'Cody Copier');
  const api = await apiSignedInAs(copier);
  const upload = await api.post('/api/images', {
    multipart: {
      image: { name: 'l.png', mimeType: 'image/png', buffer: fs.readFileSync(laptopPhoto) },
    },
  });
  const photo = ((await upload.json()) as { data: { url: string } }).data.url;
  const copyName = `HP Copy ${runId}`;
  const copy = await api.post('/api/products', {
    data: {
      name: copyName,
      photos: [photo],
      location: 'Omaha, NE',
      description: 'Same laptop, listed again.',
      category: await categoryIdOf(api, 'HP'),
      conditionType: 'Good',
      mobileNumber: listingPhone,
      originalPrice: 900,
      resalePrice: 420,
      yearsOfUse: 2,
      cpuFamily: 'apple-m1',
      cpuModel: 'Apple M1',
      ramGb: 8,
      storageGb: 512,
      storageType: 'SSD',
      screenInches: 13.3,
      serialNumber: `${serial.slice(0, 4)}-${serial.slice(4)}`,
    },
  });
  expect(copy.status()).toBe(201);
  await api.dispose();

  // The first listing is no longer "Serial checked".
  await page.goto(laptopUrl);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Serial checked', { exact: true })).toHaveCount(0);

  // The admin sees both listings under one flagged serial.
  const adminContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    baseURL: test.info().project.use.baseURL,
  });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/dashboard/serial-checks');
  await logIn(adminPage, admin);
  await expect(adminPage.getByRole('heading', { name: 'Serial checks', level: 1 })).toBeVisible();
  const flag = adminPage.getByRole('article').filter({ hasText: name });
  await expect(flag).toContainText('Listed by 2 sellers');
  await expect(flag).toContainText(copyName);
  await expect(flag).toContainText('From the device report');
  await expect(flag).toContainText('Typed by the seller');

  // The admin marks another serial stolen, with a note.
  const stolen = freshSerial('STOLEN');
  await adminPage.getByLabel('Serial number').fill(stolen.toLowerCase());
  await adminPage.getByLabel('Note (optional)').fill(`E2E report ${stolen}`);
  await adminPage.getByRole('button', { name: 'Mark stolen' }).click();
  await expect(adminPage.getByText('Marked stolen. No listing carried it.')).toBeVisible();
  await expect(
    adminPage
      .getByRole('list', { name: 'Serials marked stolen' })
      .getByText(`E2E report ${stolen}`),
  ).toBeVisible();
  await adminContext.close();

  // A seller listing that serial is refused, on the serial field, and nothing is listed.
  await page.goto('/dashboard/addaproduct');
  await expect(page.getByRole('heading', { name: 'Add a laptop', level: 1 })).toBeVisible();
  const refusedName = `HP Stolen ${runId}`;
  await fillListing(page, refusedName);
  await page.getByLabel('Processor family').selectOption('apple-m1');
  await page.getByLabel(/^Processor model/).fill('Apple M1');
  await page.getByLabel(/^Memory \(RAM\)/).fill('8');
  await page.getByRole('textbox', { name: 'Storage', exact: true }).fill('512');
  await page.getByLabel(/^Storage type/).selectOption('SSD');
  await page.getByLabel(/^Screen size/).fill('13.3');
  await page.getByLabel(/^Serial number/).fill(stolen);
  await page.getByRole('button', { name: 'Add laptop' }).click();
  await expect(page.getByText(/This serial number is reported stolen/).first()).toBeVisible();
  await expect(page.getByLabel(/^Serial number/)).toBeFocused();
  await page.goto('/dashboard/myproducts');
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText(refusedName)).toHaveCount(0);
});
