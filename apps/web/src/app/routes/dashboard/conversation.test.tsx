import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessagingState } from '@laptops/shared/conversation-safety';
import type { Thread } from '@laptops/shared/conversations';
import { ConversationPage } from './conversation.tsx';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';

const id = '5f0c6a2e-1d2b-4c3d-8e4f-5a6b7c8d9e0f';
let messaging: MessagingState;
let calls: ApiCall[];
let sendAnswer: () => Response;

function thread(): Thread {
  return {
    _id: id,
    role: 'buyer',
    laptop: {
      _id: 'p1',
      name: 'Dell XPS 13',
      thumbnail: '/t.webp',
      resalePrice: 650,
      isSold: false,
    },
    other: { name: 'Sara Seller', image: null },
    messaging,
    messages: [
      {
        _id: 'm1',
        body: 'Pay me by gift card.',
        image: null,
        fromMe: false,
        system: false,
        sentAt: '2026-11-20T09:15:00.000Z',
      },
    ],
    nextCursor: null,
  };
}

beforeEach(() => {
  messaging = 'open';
  sendAnswer = () => jsonResponse({ error: { code: 'X', message: 'unexpected' } }, 500);
  calls = mockApi(({ method, path }) => {
    if (path === `/api/conversations/${id}` && method === 'GET') return jsonResponse(thread());
    if (path === `/api/conversations/${id}/read`) return new Response(null, { status: 204 });
    if (path === `/api/conversations/${id}/block` && method === 'POST') {
      messaging = 'blocked-by-you';
      const person = { _id: 'b1', name: 'Sara Seller', image: null, blockedAt: '2026-11-20' };
      return jsonResponse(person, 201);
    }
    if (path === `/api/conversations/${id}/block` && method === 'DELETE') {
      messaging = 'open';
      return new Response(null, { status: 204 });
    }
    if (path === `/api/conversations/${id}/reports`) return jsonResponse({ reportId: 'r1' }, 201);
    if (path === `/api/conversations/${id}/messages`) return sendAnswer();
    return undefined;
  });
});

afterEach(undoMocks);

async function renderThread() {
  renderWithProviders(<ConversationPage />, {
    path: '/dashboard/messages/:id',
    at: `/dashboard/messages/${id}`,
  });
  await screen.findByRole('heading', { name: 'With Sara Seller' });
  return userEvent.setup();
}

describe('blocking in a thread', () => {
  it('asks first, saying what a block does, then closes the thread and offers Unblock', async () => {
    const user = await renderThread();
    await user.click(screen.getByRole('button', { name: 'Block Sara Seller' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Block Sara Seller?' });
    expect(confirm.textContent).toContain(
      'Neither of you will be able to send messages in any conversation you have together',
    );
    expect(confirm.textContent).toContain('Bookings and orders between you stay as they are.');
    // Cancel first: nothing is sent.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.path.endsWith('/block'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Block Sara Seller' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Block' }),
    );
    const notice = await screen.findByText(
      'You blocked Sara Seller. Neither of you can send messages here.',
    );
    expect(calls).toContainEqual({ method: 'POST', path: `/api/conversations/${id}/block` });
    expect(toast.success).toHaveBeenCalledWith('You blocked Sara Seller.');
    expect(screen.queryByLabelText('Your message')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Block Sara Seller' })).toBeNull();
    // Focus goes to what replaced the button, not to the page's top.
    await waitFor(() => expect(document.activeElement).toBe(notice));
    // Still reportable.
    expect(screen.getByRole('button', { name: 'Report this conversation' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Unblock Sara Seller' }));
    const box = await screen.findByLabelText('Your message');
    expect(calls).toContainEqual({ method: 'DELETE', path: `/api/conversations/${id}/block` });
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('tells a blocked person only that the conversation is closed', async () => {
    messaging = 'closed';
    await renderThread();
    expect(screen.getByText('You can no longer send messages in this conversation.')).toBeTruthy();
    expect(screen.queryByLabelText('Your message')).toBeNull();
    // Nothing shown (closed dialogs aside) says they were blocked.
    const shown = document.body.cloneNode(true) as HTMLElement;
    for (const dialog of shown.querySelectorAll('dialog')) dialog.remove();
    expect(shown.textContent).not.toMatch(/blocked/i);
    expect(screen.queryByRole('button', { name: /Unblock/ })).toBeNull();
  });

  it('shows the thread closed when a message is refused because it closed meanwhile', async () => {
    const user = await renderThread();
    sendAnswer = () => {
      messaging = 'closed';
      return jsonResponse(
        {
          error: {
            code: 'CONVERSATION_CLOSED',
            message: 'This conversation is closed: you can no longer send messages here.',
          },
        },
        409,
      );
    };
    await user.type(screen.getByLabelText('Your message'), 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('You can no longer send messages in this conversation.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Your message')).toBeNull();
  });
});

describe('reporting a conversation', () => {
  it('needs a reason, and details for Other, then sends the report', async () => {
    const user = await renderThread();
    await user.click(screen.getByRole('button', { name: 'Report this conversation' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this conversation' });
    expect(dialog.textContent).toContain('Sara Seller');
    const send = within(dialog).getByRole('button', { name: 'Send report' });

    await user.click(send);
    expect(within(dialog).getByText('Please choose a reason for your report')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(send);
    expect(
      within(dialog).getByText('Please tell the admin what happened in this conversation'),
    ).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/reports'))).toBe(false);

    await user.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Details/ }), 'Gift cards');
    await user.click(send);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Thank you. An admin will look at your report.'),
    );
    expect(calls.find((call) => call.path.endsWith('/reports'))).toEqual({
      method: 'POST',
      path: `/api/conversations/${id}/reports`,
      body: { reason: 'scam', reportText: 'Gift cards' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
