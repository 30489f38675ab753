import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { AddProductPage } from './add-product.tsx';

const macReport = {
  kinds: ['macos-system-profiler'],
  specs: {
    model: 'MacBook Air (MacBookAir10,1)',
    cpuFamily: 'apple-m1',
    cpuModel: 'Apple M1',
    ramGb: 8,
    storageGb: 512,
    storageType: 'SSD',
    batteryHealth: 89,
  },
  fields: ['model', 'cpuFamily', 'cpuModel', 'ramGb', 'storageGb', 'storageType', 'batteryHealth'],
  serialNumber: 'FVFDK4XLQ6L4',
  warnings: ['The report gives no cycle count.'],
  token: 'signed-token',
};

let reportAnswer: () => Response;
let sent: FormData | undefined;

beforeEach(() => {
  sent = undefined;
  reportAnswer = () => jsonResponse({ success: true, data: macReport });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === '/api/categories') return jsonResponse([]);
      if (path === '/api/deal-terms') return jsonResponse({ feePercent: 5, releaseAfterHours: 72 });
      if (path === '/api/hardware-reports' && init?.method === 'POST') {
        sent = init.body as FormData;
        return reportAnswer();
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openImport() {
  renderWithProviders(<AddProductPage />, { path: '/dashboard/addaproduct' });
  const user = userEvent.setup();
  // Closed at first (the browser opens a summary from the keyboard too: e2e).
  const summary = await screen.findByText('Import a hardware report');
  const details = summary.closest('details')!;
  expect(details.open).toBe(false);
  await user.click(summary);
  await waitFor(() => expect(details.open).toBe(true));
  return { user, section: within(details) };
}

const reportFile = () =>
  new File(['{"SPHardwareDataType": []}'], 'laptop.json', { type: 'application/json' });
const marked = /From the device report/;
const field = (role: 'textbox' | 'combobox', label: string) =>
  screen.getByRole(role, {
    name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`),
  }) as HTMLInputElement;

it('says which command to run on each system, and where its file lands', async () => {
  const { section } = await openImport();
  expect(section.getByRole('heading', { name: 'On Windows' })).toBeTruthy();
  expect(section.getByText('powercfg /batteryreport')).toBeTruthy();
  expect(section.getByText(/writes battery-report\.html in the folder you are in/)).toBeTruthy();
  expect(section.getByText(/^system_profiler -json SPHardwareDataType/)).toBeTruthy();
  expect(section.getByText(/upower -i/)).toBeTruthy();
});

it('fills the specs from the report, marks them, announces how many, and unmarks a changed one', async () => {
  const { user, section } = await openImport();
  await user.upload(section.getByLabelText('Choose the report file'), reportFile());

  await waitFor(() =>
    expect(section.getByRole('status').textContent).toContain('7 fields filled from the report.'),
  );
  expect((sent?.get('report') as File).name).toBe('laptop.json');

  expect(field('combobox', 'Processor family').value).toBe('apple-m1');
  expect(field('textbox', 'Processor model').value).toBe('Apple M1');
  expect(field('textbox', 'Memory (RAM)').value).toBe('8');
  expect(field('combobox', 'Storage type').value).toBe('SSD');
  expect(field('textbox', 'Battery health').value).toBe('89');
  // Each filled field says so in its label, which screen readers read with it.
  expect(
    screen.getByRole('combobox', { name: /^Processor family From the device report$/ }),
  ).toBeTruthy();
  expect(
    screen.getByRole('textbox', { name: /^Memory \(RAM\) From the device report$/ }),
  ).toBeTruthy();
  expect(
    screen.getByRole('textbox', { name: /^Battery health \(optional\) From the device report$/ }),
  ).toBeTruthy();
  expect(
    screen.getByRole('textbox', { name: /^Model \(optional\) From the device report$/ }),
  ).toBeTruthy();
  // Not what the report did not name.
  expect(
    screen.getByRole('textbox', { name: /^Screen size/ }).getAttribute('aria-label') ?? '',
  ).not.toMatch(marked);
  expect(
    screen.queryByRole('textbox', { name: /^Screen size.*From the device report/ }),
  ).toBeNull();
  expect(section.getByText('The report gives no cycle count.')).toBeTruthy();

  // The seller may change any of them; the changed one loses its mark.
  const ram = field('textbox', 'Memory (RAM)');
  await user.clear(ram);
  await user.type(ram, '16');
  expect(screen.getByRole('textbox', { name: 'Memory (RAM)' })).toBe(ram);
  expect(
    screen.getByRole('textbox', { name: /^Processor model From the device report$/ }),
  ).toBeTruthy();
});

it('shows a refusal beside the file control, tied to it for screen readers', async () => {
  reportAnswer = () =>
    jsonResponse(
      {
        error: {
          code: 'REPORT_UNREADABLE',
          message: 'This looks like a battery report, but it has no design capacity.',
        },
      },
      422,
    );
  const { user, section } = await openImport();
  const input = section.getByLabelText('Choose the report file');
  await user.upload(input, reportFile());

  const alert = await section.findByRole('alert');
  expect(alert.textContent).toBe(
    'This looks like a battery report, but it has no design capacity.',
  );
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(input.getAttribute('aria-describedby')).toContain(alert.id);
  expect(field('combobox', 'Processor family').value).toBe('');
  expect(section.getByRole('status').textContent).toBe('');
});
