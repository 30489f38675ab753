import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from './get-session.ts';

const answer = (body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body))),
  );

afterEach(() => vi.unstubAllGlobals());

describe('getSession', () => {
  it('keeps the fields the app uses from better-auth’s answer', async () => {
    answer({
      session: { id: 's1' },
      user: {
        id: 'u1',
        name: 'Emma Wilson',
        email: 'emma@example.com',
        image: null,
        typeOfUser: 'buyer',
        emailVerified: false,
        createdAt: '2026-11-20T00:00:00.000Z',
      },
    });
    await expect(getSession()).resolves.toEqual({
      id: 'u1',
      name: 'Emma Wilson',
      email: 'emma@example.com',
      image: null,
      typeOfUser: 'buyer',
    });
  });

  it('is null without a session, and refuses an answer without a known role', async () => {
    answer(null);
    await expect(getSession()).resolves.toBeNull();
    answer({ user: { id: 'u1', name: 'X', email: 'x@example.com', typeOfUser: 'root' } });
    await expect(getSession()).rejects.toThrow('Unexpected session answer');
  });
});
