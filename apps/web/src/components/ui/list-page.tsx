import type { ReactNode, Ref } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from './spinner.tsx';

type ListPageProps<Data> = {
  title: string;
  /** Makes the heading focusable, for focus to land on once a row is gone. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Beside the heading: the page's own action (add a laptop). */
  action?: ReactNode;
  /** Between the heading and the list: a search box, a filter. */
  controls?: ReactNode;
  query: UseQueryResult<Data, Error>;
  /** Said before the server's reason when the list cannot be loaded. */
  loadFailed: string;
  retryLabel: string;
  /** The list once loaded: a DataTable, with its pager if it has one. */
  children: (data: Data) => ReactNode;
  /** The confirmation dialogs of the rows' actions. */
  dialogs?: ReactNode;
};

/**
 * A dashboard list page: its heading, then a spinner while the list loads, the load
 * error with the server's reason and a retry, or the list itself.
 */
export function ListPage<Data>({
  title,
  headingRef,
  action,
  controls,
  query,
  loadFailed,
  retryLabel,
  children,
  dialogs,
}: ListPageProps<Data>) {
  const headingClass = [
    action ? '' : 'mb-6',
    'text-2xl font-bold',
    headingRef ? 'outline-none' : '',
    'sm:text-3xl',
  ]
    .filter(Boolean)
    .join(' ');
  const heading = (
    <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={headingClass}>
      {title}
    </h1>
  );

  return (
    <section className="w-full">
      {action ? (
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {controls}
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <div role="alert" className="alert alert-error">
          <span>
            {loadFailed} {query.error.message}
          </span>
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
            {retryLabel}
          </button>
        </div>
      ) : (
        children(query.data)
      )}
      {dialogs}
    </section>
  );
}
