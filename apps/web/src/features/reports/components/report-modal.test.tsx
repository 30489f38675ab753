import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportModal } from './report-modal.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const xps = { _id: '7b1c0a52-3a55-4a8e-9a43-1f2b3c4d5e6f', name: 'Dell XPS 13' };
const thinkpad = { _id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', name: 'Lenovo ThinkPad T14' };

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => json({ acknowledged: true, insertedId: 'r1' }, 201));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Stands in for a product grid: one 'Report Product' per card. */
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
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const dialog = () => document.querySelector('dialog');

describe('ReportModal', () => {
  it("opens as a modal titled 'Report TO Admin' with the product name read-only", async () => {
    const user = renderModal();
    expect(dialog()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));

    expect(dialog()?.open).toBe(true);
    expect(screen.getByRole('heading', { name: 'Report TO Admin' })).toBeTruthy();
    const text = screen.getByLabelText('Report') as HTMLTextAreaElement;
    expect(document.activeElement).toBe(text);
    expect(text.maxLength).toBe(2000);
    const name = screen.getByLabelText('Product Name') as HTMLInputElement;
    expect(name.value).toBe('Dell XPS 13');
    expect(name.readOnly).toBe(true);
    await user.type(name, 'changed');
    expect(name.value).toBe('Dell XPS 13');
  });

  it('posts { productId, reportText }, says so and closes', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));
    await user.type(screen.getByLabelText('Report'), 'The photos show another laptop.');
    await user.click(screen.getByRole('button', { name: 'report' }));

    await waitFor(() => expect(screen.getByText('modal closed')).toBeTruthy());
    expect(dialog()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/reports');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      productId: xps._id,
      reportText: 'The photos show another laptop.',
    });
    expect(toast.success).toHaveBeenCalledWith('Reported successfully');
  });

  it('sends an empty report too: the text has no validation', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));
    await user.click(screen.getByRole('button', { name: 'report' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Reported successfully'));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ productId: xps._id, reportText: '' });
  });

  it("shows the server's message and stays open on failure, keeping the text", async () => {
    fetchMock.mockResolvedValue(
      json({ error: { code: 'UNAUTHENTICATED', message: 'Please log in first.' } }, 401),
    );
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));
    await user.type(screen.getByLabelText('Report'), 'Fake listing');
    await user.click(screen.getByRole('button', { name: 'report' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Please log in first.'));
    expect(dialog()?.open).toBe(true);
    expect((screen.getByLabelText('Report') as HTMLTextAreaElement).value).toBe('Fake listing');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('is for one product at a time: Cancel closes, and the next product starts empty', async () => {
    const user = renderModal();
    await user.click(screen.getByRole('button', { name: 'Report Dell XPS 13' }));
    await user.type(screen.getByLabelText('Report'), 'Draft about the Dell');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('modal closed')).toBeTruthy());
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Report Lenovo ThinkPad T14' }));
    expect((screen.getByLabelText('Product Name') as HTMLInputElement).value).toBe(
      'Lenovo ThinkPad T14',
    );
    expect((screen.getByLabelText('Report') as HTMLTextAreaElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'report' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ productId: thinkpad._id, reportText: '' });
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
