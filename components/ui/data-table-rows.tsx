'use client';

import { TableCellValue, type CellValue } from './table-cell-value';

export interface CompactColumn {
  key: string;
  className?: string;
  isRowHeader?: boolean;
}

export interface CompactRow {
  key: string;
  className?: string;
  cells: CellValue[];
}

/** DataTable's rows rendered from compact data (one array of cell values per row), same markup as on the server. */
export function DataTableRows({ columns, rows }: { columns: CompactColumn[]; rows: CompactRow[] }) {
  return rows.map((row) => (
    <tr key={row.key} className={row.className}>
      {columns.map((column, index) => {
        const content = <TableCellValue value={row.cells[index] ?? null} />;
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

export const rowHeaderClassName = (className?: string) => `fw-normal ${className ?? ''}`;
