import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast/headless';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { BlockedPerson } from '@laptops/shared/conversation-safety';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks, type ApiCall } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { BlockedPeople } from './blocked-people.tsx';

let blocked: BlockedPerson[];
let calls: ApiCall[];

beforeEach(() => {
  blocked = [
    { _id: 'b1', name: 'Sara Seller', image: null, blockedAt: '2026-11-20T09:15:00.000Z' },
    { _id: 'b2', name: 'Otto Other', image: null, blockedAt: '2026-11-18T09:15:00.000Z' },
  ];
  calls = mockApi(({ method, path }) => {
    if (path === '/api/blocks') return jsonResponse(blocked);
    const one = /^\/api\/blocks\/(\w+)$/.exec(path);
    if (one && method === 'DELETE') {
      blocked = blocked.filter((person) => person._id !== one[1]);
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
});

afterEach(undoMocks);

it('lists the people the viewer blocked, and unblocks one', async () => {
  renderWithProviders(<BlockedPeople />);
  const user = userEvent.setup();
  expect(await screen.findByText('Sara Seller')).toBeTruthy();
  expect(screen.getByText('Otto Other')).toBeTruthy();
  expect(screen.getByText('Nov 20, 2026')).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Unblock Sara Seller' }));
  await waitFor(() => expect(screen.queryByText('Sara Seller')).toBeNull());
  expect(calls).toContainEqual({ method: 'DELETE', path: '/api/blocks/b1' });
  expect(toast.success).toHaveBeenCalledWith(
    'You unblocked Sara Seller. You can write to each other again.',
  );
  // The button that had the focus is gone: the list's heading has it.
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'People you blocked' }));

  await user.click(screen.getByRole('button', { name: 'Unblock Otto Other' }));
  expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
});
