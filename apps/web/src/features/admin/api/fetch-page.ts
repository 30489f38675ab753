import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { messages } from '../../../lib/messages.ts';

/** One page of a server-paged list, with the total the server gave in X-Total-Count. */
export type Page<Row> = {
  rows: Row[];
  total: number;
  /** The page and size asked for: rows[0] is item (page - 1) * limit + 1 of `total`. */
  page: number;
  limit: number;
};

export type PageParams = { page: number; limit: number };

/** `?page=&limit=` plus any extra non-empty parameters, every value encoded. */
export function pageQuery(
  { page, limit }: PageParams,
  extra: Record<string, string | undefined> = {},
): string {
  const parts = [`page=${page}`, `limit=${limit}`];
  for (const [key, value] of Object.entries(extra)) {
    if (value) parts.push(`${key}=${encodeURIComponent(value)}`);
  }
  return parts.join('&');
}

/**
 * GETs one page of an admin list: the body is a JSON array checked against `rowSchema`,
 * the total comes from the X-Total-Count header (apiRequest cannot see headers).
 * Refusals throw ApiRequestError with the server's message, like apiRequest does.
 */
export async function fetchPage<T extends z.ZodType>(
  path: string,
  rowSchema: T,
  params: PageParams,
): Promise<Page<z.infer<T>>> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiRequestError(0, 'NETWORK_ERROR', messages.networkError);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(body);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      throw new ApiRequestError(response.status, code, message, fields);
    }
    throw new ApiRequestError(response.status, 'HTTP_ERROR', messages.serverError);
  }
  const rows = z.array(rowSchema).parse(body);
  const header = Number.parseInt(response.headers.get('x-total-count') ?? '', 10);
  // Without the header (or with nonsense in it) the page itself is all we know of.
  const total = Number.isFinite(header) && header >= 0 ? header : rows.length;
  return { rows, total, page: params.page, limit: params.limit };
}
