import { useEffect, useState, type ReactNode } from 'react';
import { DataTable, type DataTableProps } from '../../../components/ui/data-table.tsx';
import { Field } from '../../../components/ui/form-field.tsx';
import { adminMessages } from '../messages.ts';

/** Rows per page of the admin tables (the server's default too). */
export const ADMIN_PAGE_SIZE = 20;

/** How long the search box waits after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The page and search state of a server-paged admin list. `search` is what the box
 * shows; `q` is what the server is asked for: it follows `search` once typing has paused
 * for SEARCH_DEBOUNCE_MS, and a new `q` starts again from page 1.
 */
export function useListControls(limit = ADMIN_PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');

  useEffect(() => {
    const next = search.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      setQ(next);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, q]);

  return { page, setPage, limit, search, setSearch, q };
}

/** The search box above a user table ('Search by name or email'). */
export function SearchBox({
  value,
  onChange,
  label = adminMessages.search,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  return (
    <Field
      className="mb-4 flex max-w-sm flex-col gap-1"
      labelClassName="text-sm font-medium"
      label={label}
      inputProps={{
        type: 'search',
        className: 'input w-full',
        placeholder: adminMessages.searchPlaceholder,
        value,
        autoComplete: 'off',
        spellCheck: false,
        onChange: (event) => onChange(event.target.value),
      }}
    />
  );
}

/**
 * 'Previous' / 'Page X of Y' / 'Next' and 'N in all' under a paged table. Buttons are
 * disabled at the ends and while the next page loads (`busy`). When the current page no
 * longer exists (its last row was deleted), it steps back to the last page.
 */
export function Pager({
  page,
  limit,
  total,
  onPageChange,
  busy = false,
}: {
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
  busy?: boolean;
}) {
  const t = adminMessages;
  const pages = Math.max(1, Math.ceil(total / limit));

  useEffect(() => {
    if (!busy && page > pages) onPageChange(pages);
  }, [busy, page, pages, onPageChange]);

  return (
    <nav
      aria-label={t.pagination}
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="text-base-content/75">{t.inAll(total)}</p>
      <div className="join">
        <button
          type="button"
          className="btn join-item btn-sm"
          disabled={busy || page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          {t.previous}
        </button>
        <span className="btn join-item btn-sm pointer-events-none" aria-live="polite">
          {t.pageOf(Math.min(page, pages), pages)}
        </span>
        <button
          type="button"
          className="btn join-item btn-sm"
          disabled={busy || page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          {t.next}
        </button>
      </div>
    </nav>
  );
}

/** Where a server-paged list is, and how its pager moves it (`busy` while a page loads). */
type Paging = {
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
  busy: boolean;
};

/**
 * A page of a server-paged admin table with its pager under it, dimmed while the
 * next page loads (`busy`).
 */
export function PagedTable<Row>({
  page,
  limit,
  total,
  onPageChange,
  busy,
  ...table
}: DataTableProps<Row> & Paging) {
  return (
    <div
      aria-busy={busy || undefined}
      className={busy ? 'opacity-60 transition-opacity' : undefined}
    >
      <DataTable {...table} />
      <Pager page={page} limit={limit} total={total} onPageChange={onPageChange} busy={busy} />
    </div>
  );
}

/**
 * A page of a server-paged admin queue of cards (each row its own card, with its own
 * actions), the pager under it, dimmed while the next page loads (`busy`).
 */
export function PagedCards<Row>({
  rows,
  rowKey,
  card,
  caption,
  gap,
  page,
  limit,
  total,
  onPageChange,
  busy,
}: {
  rows: Row[];
  rowKey: (row: Row) => string;
  card: (row: Row) => ReactNode;
  caption: string;
  gap: 'gap-4' | 'gap-6';
} & Paging) {
  return (
    <>
      <ul aria-label={caption} className={`grid ${gap} ${busy ? 'opacity-60' : ''}`}>
        {rows.map((row) => (
          <li key={rowKey(row)}>{card(row)}</li>
        ))}
      </ul>
      <Pager page={page} limit={limit} total={total} onPageChange={onPageChange} busy={busy} />
    </>
  );
}
