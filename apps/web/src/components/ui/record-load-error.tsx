import type { ReactNode } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';

/**
 * In place of a page about one record (an order, a conversation) that could not be
 * loaded: 'not found' when the server knows of no such record for this viewer (400,
 * 404), else that loading failed, with the server's reason and, if given, a retry.
 */
export function RecordLoadError({
  error,
  texts,
  retry,
  children,
}: {
  error: Error;
  texts: { notFoundTitle: string; notFoundText: string; loadFailed: string };
  /** The button that asks again; never for a record that is not there. */
  retry?: { label: string; onRetry: () => void };
  /** Under the message, whatever went wrong: a link back to the list. */
  children?: ReactNode;
}) {
  const missing = error instanceof ApiRequestError && [400, 404].includes(error.status);
  return (
    <section className="flex flex-col items-start gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">
        {missing ? texts.notFoundTitle : texts.loadFailed}
      </h1>
      <p className="text-base-content/80">{missing ? texts.notFoundText : error.message}</p>
      {!missing && retry && (
        <button type="button" className="btn btn-sm" onClick={retry.onRetry}>
          {retry.label}
        </button>
      )}
      {children}
    </section>
  );
}
