import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PhotoVerification } from '@laptops/shared/photo-verification';
import { jsonResponse } from '../../../testing/json-response.ts';
import { mockApi, undoMocks } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { PhotoVerificationPanel } from './photo-verification-panel.tsx';

afterEach(undoMocks);

const productId = '7b1c0a52-3a55-4a8e-9a43-1f2b3c4d5e6f';
const base = `/api/myProducts/${productId}/verification`;
const instructions =
  "Write this code on paper, put it on the laptop's keyboard with the screen on, and take one photo.";

const state = (overrides: Partial<PhotoVerification>): PhotoVerification => ({
  status: 'none',
  verificationId: null,
  code: null,
  instructions,
  requestedAt: null,
  submittedAt: null,
  decidedAt: null,
  rejectReason: null,
  photoUrl: null,
  ...overrides,
});

const awaiting = state({
  status: 'awaiting-photo',
  verificationId: 'v-1',
  code: 'K7QX4M',
  requestedAt: '2026-11-27T10:00:00.000Z',
});

describe('the photo verification on the edit page', () => {
  it('gives a code and how to take the photo, then sends the photo for review', async () => {
    let current = state({});
    const calls = mockApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === base) return jsonResponse(current);
      if (method === 'POST' && url.pathname === `${base}/code`) {
        current = awaiting;
        return jsonResponse(current, 201);
      }
      if (method === 'POST' && url.pathname === `${base}/photo`) {
        current = state({
          ...awaiting,
          status: 'waiting-for-review',
          photoUrl: '/api/photo-verifications/v-1/photo',
        });
        return jsonResponse(current, 201);
      }
      return undefined;
    });
    // The photo goes as multipart, which the stand-in records as the request's body.
    const fetchMock = vi.mocked(fetch);
    renderWithProviders(<PhotoVerificationPanel productId={productId} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Get a code' }));
    expect((await screen.findByLabelText('Your code')).textContent).toBe('K7QX4M');
    expect(screen.getByText(instructions)).toBeTruthy();
    // The code is the server's: the request carries none.
    expect(calls.find((call) => call.path === `${base}/code`)).toEqual({
      method: 'POST',
      path: `${base}/code`,
    });

    const photo = new File(['photo-bytes'], 'laptop.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Upload the photo'), photo);
    expect(
      await screen.findByText(
        'An admin will compare your photo with the code and your listing’s photos.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Waiting for review')).toBeTruthy();
    const upload = fetchMock.mock.calls.find(([input]) => String(input) === `${base}/photo`);
    const body = upload?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(((body as FormData).get('image') as File).name).toBe('laptop.jpg');
  });

  it("shows an admin's reason after a rejection, and offers a new code", async () => {
    mockApi(({ method, url }) =>
      method === 'GET' && url.pathname === base
        ? jsonResponse(
            state({
              status: 'rejected',
              verificationId: 'v-1',
              code: 'K7QX4M',
              rejectReason: 'The code is not readable.',
            }),
          )
        : undefined,
    );
    renderWithProviders(<PhotoVerificationPanel productId={productId} />);
    expect(
      await screen.findByText(
        'An admin did not approve your photo: The code is not readable. You can try again with a new code.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get a new code' })).toBeTruthy();
  });

  it('says what the badge means once approved, and that editing photos removes it', async () => {
    mockApi(({ method, url }) =>
      method === 'GET' && url.pathname === base
        ? jsonResponse(
            state({
              ...awaiting,
              status: 'approved',
              photoUrl: '/api/photo-verifications/v-1/photo',
            }),
          )
        : undefined,
    );
    renderWithProviders(<PhotoVerificationPanel productId={productId} />);
    expect(await screen.findByText('Photo verified')).toBeTruthy();
    expect(screen.getByText(/removes the badge until a new photo is approved/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'The photo you sent' })).toBeTruthy();
  });
});
