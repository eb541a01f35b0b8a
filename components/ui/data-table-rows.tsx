'use client';

import type { ComponentType } from 'react';
import { rowHeaderClassName } from './row-header-class-name';
import type { CompactRow } from './compact-rows';
import { TableCellValue, type CellComponent, type CellValue } from './table-cell-value';

interface RowBoxProps {
  id: string;
  version?: number;
  label: string;
}

export interface CompactColumn {
  key: string;
  className?: string;
  isRowHeader?: boolean;
  /** The header a phone's card shows before the value (`data-label`; only the card's columns). */
  label?: string;
  /** The client component of the column's `{ client: props }` values (a client reference). */
  Cell?: CellComponent;
  /** Each cell is the text of a link to `{linkBase}{row key}/` (compactRows' `linkBases`). */
  linkBase?: string;
}

/** DataTable's rows rendered from compact data, with the same markup as rows rendered on the server. */
export function DataTableRows({
  columns,
  rows,
  shared = [],
  select,
}: {
  columns: CompactColumn[];
  rows: CompactRow[];
  shared?: CellValue[];
  /**
   * With selection: the box component (`selectionUi.RowCheckbox`, a client reference the server hands
   * over, so this module imports no selection code for the tables that have none; issue 30) and each
   * row's label and, where they differ from the row's key or exist, its id and version, in the order
   * of `rows`.
   */
  select?: { RowBox: ComponentType<RowBoxProps>; ids?: string[]; labels: string[]; versions?: (number | null)[] };
}) {
  return rows.map(([key, cells, className], rowIndex) => (
    <tr key={key} className={className}>
      {select ? (
        <td className="bulk-select-cell">
          <select.RowBox
            id={select.ids?.[rowIndex] ?? key}
            version={select.versions?.[rowIndex] ?? undefined}
            label={select.labels[rowIndex] ?? key}
          />
        </td>
      ) : null}
      {columns.map((column, index) => {
        const cell = cells[index] ?? null;
        const value = typeof cell === 'number' ? (shared[cell] ?? null) : cell;
        const content = (
          <TableCellValue
            value={
              column.linkBase !== undefined && typeof value === 'string'
                ? { href: `${column.linkBase}${key}/`, text: value }
                : value
            }
            Client={column.Cell}
          />
        );
        return column.isRowHeader ? (
          <th key={column.key} scope="row" className={rowHeaderClassName(column.className)}>
            {content}
          </th>
        ) : (
          <td key={column.key} className={column.className} data-label={column.label}>
            {content}
          </td>
        );
      })}
    </tr>
  ));
}
