'use client';

import { rowHeaderClassName } from './row-header-class-name';
import type { CompactRow } from './compact-rows';
import { TableCellValue, type CellValue } from './table-cell-value';

export interface CompactColumn {
  key: string;
  className?: string;
  isRowHeader?: boolean;
}

/** DataTable's rows rendered from compact data, with the same markup as rows rendered on the server. */
export function DataTableRows({
  columns,
  rows,
  shared = [],
}: {
  columns: CompactColumn[];
  rows: CompactRow[];
  shared?: CellValue[];
}) {
  return rows.map(([key, cells, className]) => (
    <tr key={key} className={className}>
      {columns.map((column, index) => {
        const cell = cells[index] ?? null;
        const content = <TableCellValue value={typeof cell === 'number' ? (shared[cell] ?? null) : cell} />;
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
