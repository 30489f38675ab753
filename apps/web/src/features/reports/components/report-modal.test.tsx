import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { ReportModal } from './report-modal.tsx';

const xps = { _id: '7b1c0a52-3a55-4a8e-9a43-1f2b3c4d5e6f', name: 'Dell XPS 13' };
const thinkpad = { _id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', name: 'Lenovo ThinkPad T14' };

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse({ acknowledged: true, insertedId: 'r1' }, 201));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Stands in for a product grid: one 'Report this laptop' per card. */
function Harness() {
  const [reported, setReported] = useState<{ _id: string; name: string } | null>(null);
  return (
    <>
      {[xps, thinkpad].map((product) => (
        <button key={product._id} type="button" onClick={() => setReported(product)}>
          {`Report ${product.name}`}
        </button>
      ))}
      <p>{reported ? `reporting ${reported.name}` : 'modal closed'}</p>
      <ReportModal product={reported} onClose={() => setReported(null)} />
    </>
  );
}

function renderModal() {
  renderWithProviders(<Harness />);
  return userEvent.setup();
}

const dialog = () => document.querySelector('dialog');
const reason = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const details = () => screen.getByRole('textbox', { name: /^Details/ }) as HTMLTextAreaElement;
const send = () => screen.getByRole('button', { name: 'Send report' });
const sentBody = (call = 0) =>
  JSON.parse(String((fetchMock.mock.calls[call] as [string, RequestInit])[1].body)) as unknown;
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('ReportModal', () => {
  it('opens titled for the laptop, with its name read-only and the reasons to choose from', async () => {
    const user = renderModal();
    expect(dialog()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));

    expect(dialog()?.open).toBe(true);
    expect(screen.getByRole('heading', { name: 'Report this laptop' })).toBeTruthy();
    // The keyboard starts on the reasons.
    expect(document.activeElement).toBe(reason('Scam or fraud'));
    const name = screen.getByLabelText('Laptop') as HTMLInputElement;
    expect(name.value).toBe('Dell XPS 13');
    expect(name.readOnly).toBe(true);
    await user.type(name, 'changed');
    expect(name.value).toBe('Dell XPS 13');

    const group = screen.getByRole('group', { name: 'Why are you reporting this laptop?' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.labels?.[0]?.textContent)).toEqual([
      'Scam or fraud',
      'Wrong details',
      'Already sold',
      'Prohibited item',
      'Other',
    ]);
    expect(radios.some((radio) => radio.checked)).toBe(false);
    expect(radios.every((radio) => radio.required)).toBe(true);
    expect(describedBy(reason('Wrong details'))).toBe(
      'The photos, description or price do not match the laptop.',
    );
    expect(details().required).toBe(false);
    expect(details().maxLength).toBe(2000);
    expect(screen.getByLabelText('Details (optional)')).toBe(details());
  });

  it('is used by keyboard alone: arrows choose a reason, Tab reaches the details, Enter sends', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));
    await user.keyboard('{ArrowDown}');
    expect(reason('Wrong details').checked).toBe(true);
    expect(document.activeElement).toBe(reason('Wrong details'));
    await user.tab();
    expect(document.activeElement).toBe(details());
    await user.keyboard('The RAM is 8 GB, not 16.');
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(send());
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByText('modal closed')).toBeTruthy());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/reports');
    expect(init.method).toBe('POST');
    expect(sentBody()).toEqual({
      productId: xps._id,
      reason: 'wrong_details',
      reportText: 'The RAM is 8 GB, not 16.',
    });
    expect(toast.success).toHaveBeenCalledWith('Thank you. An admin will look at your report.');
  });

  it('sends a reason with no details: they are optional', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));
    await user.click(reason('Already sold'));
    await user.click(send());
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(sentBody()).toEqual({ productId: xps._id, reason: 'already_sold', reportText: '' });
  });

  it('asks for a reason before sending, on the reasons, and moves focus there', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));
    await user.type(details(), 'Something is off.');
    await user.click(send());

    const message = 'Please choose a reason for your report';
    expect(screen.getByText(message)).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Why are you reporting this laptop?' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(group)).toBe(message);
    expect(document.activeElement).toBe(reason('Scam or fraud'));
    expect(describedBy(reason('Scam or fraud'))).toContain(message);
    expect(fetchMock).not.toHaveBeenCalled();

    // Choosing one clears the message.
    await user.click(reason('Scam or fraud'));
    expect(screen.queryByText(message)).toBeNull();
    expect(group.getAttribute('aria-invalid')).toBeNull();
  });

  it("makes the details required for 'Other', and says so before sending", async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));
    await user.click(reason('Other'));
    expect(screen.getByLabelText('Details (required)')).toBe(details());
    expect(details().required).toBe(true);
    expect(describedBy(details())).toBe('Needed when the reason is Other, up to 2,000 characters.');
    await user.type(details(), '   ');
    await user.click(send());

    const message = 'Please tell the admin what is wrong with this laptop';
    expect(details().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(details())).toContain(message);
    expect(document.activeElement).toBe(details());
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(details(), 'The seller wants payment by gift card.');
    expect(details().getAttribute('aria-invalid')).toBeNull();
    await user.click(send());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody()).toEqual({
      productId: xps._id,
      reason: 'other',
      reportText: 'The seller wants payment by gift card.',
    });
  });

  it("shows the server's refusal and stays open, keeping what was chosen and written", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { error: { code: 'OWN_PRODUCT', message: 'You cannot report your own laptop.' } },
        400,
      ),
    );
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));
    await user.click(reason('Scam or fraud'));
    await user.type(details(), 'Fake listing');
    await user.click(send());

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('You cannot report your own laptop.'),
    );
    expect(dialog()?.open).toBe(true);
    expect(reason('Scam or fraud').checked).toBe(true);
    expect(details().value).toBe('Fake listing');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("puts the server's message about a field on that field", async () => {
    const message = 'This contains a character that is not allowed';
    fetchMock.mockResolvedValue(
      jsonResponse(
        { error: { code: 'VALIDATION_ERROR', message, fields: { reportText: message } } },
        400,
      ),
    );
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));
    await user.click(reason('Wrong details'));
    await user.type(details(), 'Odd text');
    await user.click(send());

    await waitFor(() => expect(details().getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(details())).toContain(message);
    expect(document.activeElement).toBe(details());
  });

  it('is for one product at a time: Cancel closes, and the next product starts empty', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));
    await user.click(reason('Scam or fraud'));
    await user.type(details(), 'Draft about the Dell');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('modal closed')).toBeTruthy());
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Report Lenovo ThinkPad T14' }));
    expect((screen.getByLabelText('Laptop') as HTMLInputElement).value).toBe('Lenovo ThinkPad T14');
    expect(reason('Scam or fraud').checked).toBe(false);
    expect(details().value).toBe('');
    await user.click(reason('Prohibited item'));
    await user.click(send());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody()).toEqual({
      productId: thinkpad._id,
      reason: 'prohibited_item',
      reportText: '',
    });
  });

  it('closes from the backdrop and on Escape', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));
    await user.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(screen.getByText('modal closed')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));
    // Escape: the browser fires 'cancel' and then closes the dialog (happy-dom does neither).
    const escape = new Event('cancel', { cancelable: true });
    fireEvent(dialog() as HTMLDialogElement, escape);
    expect(escape.defaultPrevented).toBe(false);
    dialog()?.close();
    await waitFor(() => expect(screen.getByText('modal closed')).toBeTruthy());
  });
});
