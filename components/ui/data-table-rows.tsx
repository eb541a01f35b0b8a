'use client';

import { rowHeaderClassName } from './row-header-class-name';
import { TableCellValue, type CellValue } from './table-cell-value';

export interface CompactColumn {
  key: string;
  className?: string;
  isRowHeader?: boolean;
}

/** One row as compact data: its React key, one value per column and an optional class. */
export type CompactRow = [key: string, cells: CellValue[], className?: string];

/** DataTable's rows rendered from compact data, with the same markup as rows rendered on the server. */
export function DataTableRows({ columns, rows }: { columns: CompactColumn[]; rows: CompactRow[] }) {
  return rows.map(([key, cells, className]) => (
    <tr key={key} className={className}>
      {columns.map((column, index) => {
        const content = <TableCellValue value={cells[index] ?? null} />;
        return column.isRowHeader ? (
          <th key={column.key} scope="row" className={rowHeaderClassName(column.className)}>
            {content}
          </th>
        ) : (
          <td key={column.key} className={column.className}>
            {content}
          </td>
        );
      })}
    </tr>
  ));
}

