import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, apiRequest, readApiError, serverChecked } from './api-client.ts';

const answer = (body: unknown, status = 200) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

afterEach(() => vi.unstubAllGlobals());

describe('readApiError', () => {
  it('reads our error body, with its field messages', () => {
    expect(
      readApiError({ error: { code: 'VALIDATION', message: 'Bad', fields: { name: 'Required' } } }),
    ).toEqual({ code: 'VALIDATION', message: 'Bad', fields: { name: 'Required' } });
    expect(readApiError({ error: { code: 'NOT_FOUND', message: 'Gone' } })).toEqual({
      code: 'NOT_FOUND',
      message: 'Gone',
    });
  });

  it('ignores anything else', () => {
    for (const body of [undefined, null, 'oops', [], { error: 'x' }, { error: { code: 1 } }])
      expect(readApiError(body)).toBeUndefined();
    expect(readApiError({ error: { code: 'A', message: 'B', fields: { a: 1 } } })).toEqual({
      code: 'A',
      message: 'B',
    });
  });
});

describe('apiRequest', () => {
  it("turns our error body into an ApiRequestError with the server's message", async () => {
    answer({ error: { code: 'CONFLICT', message: 'Already booked' } }, 409);
    const failure = apiRequest('/api/x', serverChecked<unknown>());
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Already booked',
    });
  });

  it('still checks answers against a zod schema when given one', async () => {
    answer({ id: 7 });
    await expect(apiRequest('/api/x', z.object({ id: z.string() }))).rejects.toThrow();
  });
});
