/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role --
   the table's roles are repeated on purpose: on a phone its parts are not displayed as
   a table, and browsers then drop the semantics they would otherwise imply. */
import type { ReactNode } from 'react';

export type DataTableColumn<Row> = {
  key: string;
  header: string;
  /** The cell's content; without it the row's own `key` value is shown as text. */
  cell?: (row: Row, index: number) => ReactNode;
  /** The column that names the row: rendered as a row header (<th scope="row">). */
  rowHeader?: boolean;
  /**
   * On a phone each cell gets a line of its own after its column's header; false where
   * the header says nothing (a picture, buttons): such cells share a line. The row
   * header's cell is never labelled: it is the card's title.
   */
  phoneLabel?: boolean;
  className?: string;
};

export type DataTableProps<Row> = {
  /** Names the table for assistive technology (visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table when there are no rows: what is empty, in the list's words. */
  empty: string;
  /** Under `empty`: the way on from an empty list (a link to add or to browse), if any. */
  emptyAction?: ReactNode;
};

// On a phone each row is a card: labelled cells one under another, each after its
// column's header (a pseudo-element, index.css .data-table-label), unlabelled ones
// side by side. The explicit roles keep the table
// a table to assistive technology once its parts no longer display as one.
const phoneTable = 'max-sm:block';
const phoneRow =
  'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:py-2 max-sm:not-last:border-b max-sm:border-base-content/10';
const phoneCell = 'max-sm:flex max-sm:items-center max-sm:gap-3 max-sm:border-b-0 max-sm:py-1.5';
const phoneCellLabel =
  'data-table-label max-sm:basis-full max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:text-sm max-sm:before:font-normal max-sm:before:text-base-content/70';

/**
 * A daisyUI table; on a phone its rows become cards, so nothing scrolls sideways and
 * long values (emails) wrap only where they must.
 */
export function DataTable<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  empty,
  emptyAction,
}: DataTableProps<Row>) {
  if (rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-box border border-base-300 bg-base-100 px-4 py-10 text-center">
        <p className="text-base-content/75">{empty}</p>
        {emptyAction}
      </div>
    );
  }
  const content = (column: DataTableColumn<Row>, row: Row, index: number): ReactNode => {
    if (column.cell) return column.cell(row, index);
    const value = (row as Record<string, unknown>)[column.key];
    return value === null || value === undefined ? '' : String(value);
  };
  const cellClass = (column: DataTableColumn<Row>) =>
    [
      phoneCell,
      column.phoneLabel === false || column.rowHeader ? '' : phoneCellLabel,
      column.className,
    ]
      .filter(Boolean)
      .join(' ');
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table role="table" className={`table ${phoneTable}`}>
        <caption className={showCaption ? 'p-4 text-left font-semibold' : 'sr-only'}>
          {caption}
        </caption>
        {/* daisyUI's header text (60% of the text colour) is below 4.5:1 on white. */}
        <thead role="rowgroup" className="text-base-content/80 max-sm:sr-only">
          <tr role="row">
            {columns.map((column) => (
              // A column's weight is for its cells; every header has the same one.
              <th
                key={column.key}
                role="columnheader"
                scope="col"
                className={`${column.className ?? ''} font-semibold!`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-sm:block">
          {rows.map((row, index) => (
            <tr key={rowKey(row)} role="row" className={`hover:bg-base-200/50 ${phoneRow}`}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th
                    key={column.key}
                    role="rowheader"
                    scope="row"
                    data-label={column.header}
                    className={cellClass(column)}
                  >
                    {content(column, row, index)}
                  </th>
                ) : (
                  <td
                    key={column.key}
                    role="cell"
                    data-label={column.header}
                    className={cellClass(column)}
                  >
                    {content(column, row, index)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
