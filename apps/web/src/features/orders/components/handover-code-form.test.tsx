import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { makeOrderDetails } from '../../../testing/factories.ts';
import { HandoverCodeForm } from './handover-code-form.tsx';

let calls: ApiCall[];
let answer: () => Response;
const onDone = vi.fn();

beforeEach(() => {
  onDone.mockReset();
  answer = () => jsonResponse(makeOrderDetails({ viewerIs: 'seller', status: 'completed' }));
  calls = mockApi(({ method, path }) =>
    method === 'POST' && path === '/api/orders/o1/handover' ? answer() : undefined,
  );
});
afterEach(undoMocks);

function renderForm() {
  renderWithProviders(<HandoverCodeForm orderId="o1" receive={616.55} onDone={onDone} />);
  const user = userEvent.setup();
  const input = screen.getByLabelText("Buyer's code");
  const submit = screen.getByRole('button', { name: 'Confirm the handover' });
  return { user, input, submit };
}

const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('HandoverCodeForm', () => {
  it('is a numeric one-time-code field with a hint', () => {
    const { input } = renderForm();
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(errorOf(input)).toContain('6 digits, like 123456');
  });

  it('checks the code before sending it: empty, too short, not digits', async () => {
    const { user, input, submit } = renderForm();
    await user.click(submit);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(input)).toContain('Enter the 6-digit code the buyer shows you.');
    expect(document.activeElement).toBe(input);

    await user.type(input, '12345');
    // Typing again clears the error until the next try.
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.click(submit);
    expect(errorOf(input)).toContain('The code has 6 digits.');
    await user.clear(input);
    await user.type(input, '12a456');
    await user.click(submit);
    expect(errorOf(input)).toContain('The code has 6 digits.');
    expect(calls).toEqual([]);
  });

  it('sends the six digits, spaces taken out, and says what the seller receives', async () => {
    const { user, input, submit } = renderForm();
    await user.type(input, '482 913');
    await user.click(submit);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual([
      { method: 'POST', path: '/api/orders/o1/handover', body: { code: '482913' } },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Handover confirmed. $616.55 is on its way to you.');
  });

  it("shows the server's refusal of a wrong code on the field", async () => {
    answer = () =>
      jsonResponse(
        {
          error: {
            code: 'WRONG_HANDOVER_CODE',
            message: 'That is not the buyer’s code. Check the 6 digits on their order page.',
          },
        },
        422,
      );
    const { user, input, submit } = renderForm();
    await user.type(input, '000000');
    await user.click(submit);
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(input)).toContain('That is not the buyer’s code.');
    expect(document.activeElement).toBe(input);
    expect(onDone).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows too many tries (429) on the field too', async () => {
    answer = () =>
      jsonResponse(
        {
          error: {
            code: 'RATE_LIMITED',
            message: 'Too many wrong codes. Please try again in 15 minutes.',
          },
        },
        429,
      );
    const { user, input, submit } = renderForm();
    await user.type(input, '111111');
    await user.click(submit);
    await waitFor(() => expect(errorOf(input)).toContain('Too many wrong codes.'));
  });

  it('says any other refusal in a toast', async () => {
    answer = () =>
      jsonResponse(
        {
          error: { code: 'ORDER_DISPUTED', message: 'The buyer opened a dispute about this deal.' },
        },
        409,
      );
    const { user, input, submit } = renderForm();
    await user.type(input, '111111');
    await user.click(submit);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('The buyer opened a dispute about this deal.'),
    );
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });
});
