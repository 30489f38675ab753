import type { ReactNode } from 'react';

export type DataTableColumn<Row> = {
  key: string;
  header: string;
  /** The cell's content; without it the row's own `key` value is shown as text. */
  cell?: (row: Row, index: number) => ReactNode;
  /** The column that names the row: rendered as a row header (<th scope="row">). */
  rowHeader?: boolean;
  className?: string;
};

type DataTableProps<Row> = {
  /** Names the table for assistive technology (visually hidden unless `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table when there are no rows (SPEC.md: 'No Products Found'). */
  empty: string;
};

/** A daisyUI table that scrolls sideways on narrow screens instead of overflowing the page. */
export function DataTable<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  empty,
}: DataTableProps<Row>) {
  if (rows.length === 0) {
    return (
      <p className="rounded-box border border-base-300 bg-base-100 py-10 text-center text-base-content/75">
        {empty}
      </p>
    );
  }
  const content = (column: DataTableColumn<Row>, row: Row, index: number): ReactNode => {
    if (column.cell) return column.cell(row, index);
    const value = (row as Record<string, unknown>)[column.key];
    return value === null || value === undefined ? '' : String(value);
  };
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table">
        <caption className={showCaption ? 'p-4 text-left font-semibold' : 'sr-only'}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row)} className="hover:bg-base-200/50">
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className={column.className}>
                    {content(column, row, index)}
                  </th>
                ) : (
                  <td key={column.key} className={column.className}>
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
