import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FairPriceRange } from '@laptops/shared/fair-price';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { AddProductPage } from './add-product.tsx';

const DELL = '3f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const categories = [{ _id: DELL, name: 'Dell', image: '/api/images/dell.webp' }];

/** What the server says similar laptops sold for (null: too few sales). */
let range: FairPriceRange | null;
let calls: ApiCall[];
beforeEach(() => {
  range = { low: 854, median: 879, high: 896.5, sales: 6, months: 12 };
  calls = mockApi(({ url, method }) => {
    if (url.pathname === '/api/categories') return jsonResponse(categories);
    if (url.pathname === '/api/deal-terms')
      return jsonResponse({ feePercent: 5, releaseAfterHours: 72 });
    if (url.pathname === '/api/fair-price' && method === 'GET') return jsonResponse({ range });
    return undefined;
  });
});
afterEach(undoMocks);

const fairPriceCalls = () => calls.filter((call) => call.path.startsWith('/api/fair-price'));

async function type(
  user: ReturnType<typeof userEvent.setup>,
  label: string | RegExp,
  text: string,
) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

/** The brand, years of use, model, memory and storage: what the rule needs. */
async function fillTheRule(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Dell' });
  await user.selectOptions(screen.getByLabelText('Category'), 'Dell');
  await type(user, 'Years of use', '1');
  await type(user, 'Memory (RAM)', '16');
  await type(user, 'Storage', '512');
  await type(user, /^Model/, 'XPS 13 9315');
}

describe('the listing form while pricing', () => {
  it('says what similar laptops sold for once the brand, model, memory, storage and age are in', async () => {
    renderWithProviders(<AddProductPage />, { path: '/dashboard/addaproduct' });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Dell' });
    await user.selectOptions(screen.getByLabelText('Category'), 'Dell');
    await type(user, 'Memory (RAM)', '16');
    await type(user, 'Storage', '512');
    await type(user, 'Years of use', '1');
    // No model yet: nothing to compare, nothing asked.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fairPriceCalls()).toEqual([]);
    expect(screen.queryByText(/Similar laptops sold for/)).toBeNull();

    await type(user, /^Model/, 'XPS 13 9315');
    expect(await screen.findByText('Similar laptops sold for $854–$897 (6 sales)')).toBeTruthy();
    // Asked once the typing paused, not at every key.
    expect(fairPriceCalls()).toHaveLength(1);
    const asked = new URL(fairPriceCalls()[0]!.path, 'http://localhost').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      categoryId: DELL,
      model: 'XPS 13 9315',
      ramGb: '16',
      storageGb: '512',
      yearsOfUse: '1',
    });
  });

  it('says there are not enough similar sales below the minimum', async () => {
    range = null;
    renderWithProviders(<AddProductPage />, { path: '/dashboard/addaproduct' });
    const user = userEvent.setup();
    await fillTheRule(user);
    expect(
      await screen.findByText('Not enough similar sales yet to suggest a price.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Similar laptops sold for/)).toBeNull();
  });

  it('stops saying it once a field the rule needs is cleared', async () => {
    renderWithProviders(<AddProductPage />, { path: '/dashboard/addaproduct' });
    const user = userEvent.setup();
    await fillTheRule(user);
    await screen.findByText(/Similar laptops sold for/);
    await user.clear(screen.getByLabelText('Memory (RAM)'));
    await expect.poll(() => screen.queryByText(/Similar laptops sold for/)).toBeNull();
  });
});
