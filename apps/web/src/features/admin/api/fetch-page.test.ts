import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { fetchPage, pageQuery } from './fetch-page.ts';

const row = z.object({ id: z.string() });

const stub = (response: Response | Error) => {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

afterEach(() => vi.unstubAllGlobals());

describe('pageQuery', () => {
  it('encodes values and leaves out empty ones', () => {
    expect(pageQuery({ page: 2, limit: 20 }, { q: 'a b+c@x', status: undefined })).toBe(
      'page=2&limit=20&q=a%20b%2Bc%40x',
    );
    expect(pageQuery({ page: 1, limit: 20 }, { q: '' })).toBe('page=1&limit=20');
  });
});

describe('fetchPage', () => {
  it('parses the rows and reads the total from X-Total-Count, with the session cookie', async () => {
    const fetchMock = stub(
      new Response(JSON.stringify([{ id: 'a' }]), { headers: { 'X-Total-Count': '41' } }),
    );
    await expect(fetchPage('/api/x?page=3&limit=20', row, { page: 3, limit: 20 })).resolves.toEqual(
      { rows: [{ id: 'a' }], total: 41, page: 3, limit: 20 },
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/x?page=3&limit=20',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('falls back to the rows it got when the header is missing', async () => {
    stub(new Response(JSON.stringify([{ id: 'a' }, { id: 'b' }])));
    const page = await fetchPage('/api/x', row, { page: 1, limit: 20 });
    expect(page.total).toBe(2);
  });

  it("throws ApiRequestError with the server's message on a refusal", async () => {
    stub(
      new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Admins only.' } }), {
        status: 403,
      }),
    );
    const error = await fetchPage('/api/x', row, { page: 1, limit: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Admins only.' });
  });

  it('throws a network error when the request never arrives', async () => {
    stub(new TypeError('Failed to fetch'));
    await expect(fetchPage('/api/x', row, { page: 1, limit: 20 })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('rejects a body that does not match the contract', async () => {
    stub(new Response(JSON.stringify([{ nope: 1 }]), { headers: { 'x-total-count': '1' } }));
    await expect(fetchPage('/api/x', row, { page: 1, limit: 20 })).rejects.toThrow();
  });
});
