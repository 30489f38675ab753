import type { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { messages } from './messages.ts';

/** A refusal or failure from the API, with the server's message when it gave one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * Calls our API with the session cookie and checks the answer against the shared
 * contract, so a drifted response fails loudly here instead of deep in a screen.
 */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  schema: T,
  init: RequestInit & { json?: unknown } = {},
): Promise<z.infer<T>> {
  const { json, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept: 'application/json',
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...rest.headers,
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
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
  return schema.parse(body);
}
