import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, logIn } from './support/accounts.ts';

const samples = path.join(
  import.meta.dirname,
  '..',
  'apps/api/src/modules/hardware-reports/parsers/fixtures',
);
const laptopPhoto = path.join(import.meta.dirname, 'support', 'laptop-photo.png');
const marked = 'From the device report';

async function openImport(page: Page) {
  const summary = page.getByText('Import a hardware report', { exact: true });
  await expect(summary).toBeVisible();
  // Opened from the keyboard, like any disclosure.
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('powercfg /batteryreport', { exact: true })).toBeVisible();
}

test('a seller fills the specs from a Windows battery report and from a Mac’s report, changes one, and lists the Mac', async ({
  page,
  request,
}) => {
  const seller = await createAccount(request, 'seller', 'Rae Reporter');
  await page.goto('/dashboard/addaproduct');
  await logIn(page, seller);
  await expect(page.getByRole('heading', { name: 'Add a laptop', level: 1 })).toBeVisible();
  await openImport(page);

  // Something that is no report: refused beside the file control, nothing filled.
  const file = page.getByLabel('Choose the report file');
  await file.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Dear buyer, this laptop is great.'),
  });
  await expect(page.getByRole('alert')).toContainText('This is not a hardware report we can read');
  await expect(page.getByLabel('Processor family')).toHaveValue('');

  // Windows: the battery report names the computer and its battery.
  await file.setInputFiles(path.join(samples, 'battery-report-en-hp-elitebook.html'));
  await expect(page.getByRole('status').filter({ hasText: 'filled' })).toContainText(
    '3 fields filled from the report.',
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel(/^Model/)).toHaveValue('HP EliteBook 840 G5');
  await expect(page.getByLabel(/^Battery health/)).toHaveValue('86');
  await expect(page.getByLabel(/^Battery cycle count/)).toHaveValue('112');
  await expect(
    page.getByRole('textbox', { name: `Battery health (optional) ${marked}` }),
  ).toBeVisible();
  await expect(
    page.getByText(/run systeminfo > laptop\.txt and upload that file too/),
  ).toBeVisible();

  // macOS: the rest of the specs, over what the battery report said.
  await file.setInputFiles(path.join(samples, 'macos-macbook-air-m1.json'));
  await expect(page.getByRole('status').filter({ hasText: 'filled' })).toContainText(
    '10 fields filled from the report.',
  );
  await expect(page.getByLabel(/^Processor family/)).toHaveValue('apple-m1');
  await expect(page.getByLabel(/^Processor model/)).toHaveValue('Apple M1');
  await expect(page.getByLabel(/^Memory \(RAM\)/)).toHaveValue('8');
  await expect(page.getByLabel(/^Storage type/)).toHaveValue('SSD');
  await expect(page.getByLabel(/^Screen resolution/)).toHaveValue('2560 × 1600');
  await expect(page.getByLabel(/^Battery health/)).toHaveValue('89');
  // Ten specs, and the serial number the report read.
  await expect(page.getByLabel(/^Serial number/)).toHaveValue('FVFDK4XLQ6L4');
  await expect(page.getByText(marked, { exact: true })).toHaveCount(11);

  // The seller may change any value; the changed one loses its mark.
  await page.getByLabel(/^Memory \(RAM\)/).fill('16');
  await expect(page.getByRole('textbox', { name: 'Memory (RAM)', exact: true })).toHaveValue('16');
  await expect(page.getByText(marked, { exact: true })).toHaveCount(10);

  // The filled form saves as it is: a Mac, in the Apple category.
  const name = `MacBook Air M1 ${Date.now()}`;
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Category').selectOption({ label: 'Apple' });
  await page.getByLabel('Condition', { exact: true }).selectOption('Excellent');
  await page.getByLabel('Years of use').fill('3');
  await page.getByLabel('Description').fill('Read from its own report: 89% battery, 213 cycles.');
  await page.getByLabel('Add photos').setInputFiles([laptopPhoto]);
  await page.getByLabel('Location').fill('Omaha, NE');
  await page.getByLabel('Mobile number').fill('+1 402 555 0111');
  await page.getByLabel('Original price').fill('999');
  await page.getByLabel('Resale price').fill('549');
  await page.getByRole('button', { name: 'Add laptop' }).click();
  await expect(page.getByText('Your laptop is now listed.')).toBeVisible();

  // Its page says, of each spec, whether the laptop's report gave it or the seller typed it.
  await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const spec = (label: string) =>
    page.getByRole('table', { name: 'Specs' }).getByRole('row', { name: new RegExp(`^${label}`) });
  await expect(spec('Battery health')).toContainText('89%From the device report');
  await expect(spec('Processor')).toContainText('Apple M1From the device report');
  await expect(spec('Storage')).toContainText('512 GB SSDFrom the device report');
  await expect(spec('Memory')).toContainText('16 GBEntered by the seller');
  // As the server draws it before any script runs.
  const html = await (await request.get(page.url())).text();
  expect(html).toContain('From the device report');
  expect(html).toContain('Entered by the seller');
});
