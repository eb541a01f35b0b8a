import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { hasListFilter, type ListParams, type SortOrder } from '@/lib/list-params';
import { compactRows } from './compact-rows';
import { DataTableRows, type CompactColumn } from './data-table-rows';
import { rowHeaderClassName } from './row-header-class-name';
import { Pagination } from './pagination';
import { SortHeader } from './sort-header';
import { TableCellValue, type CellComponent, type CellValue } from './table-cell-value';
import type { ListBulk } from './selection/bulk-action';
import type { SelectionUi } from './selection/selection-ui';

interface DataTableColumnBase {
  /** Unique per table (React key). */
  key: string;
  /** Already translated. */
  header: string;
  /** Makes the column sortable by this API sort field. */
  sortField?: string;
  /** On both the `<th>` and the cells, e.g. `text-end`, `text-nowrap`, `d-none d-md-table-cell`. */
  className?: string;
  /** Render the cell as `<th scope="row">` (the column that names the row, e.g. the account name). */
  isRowHeader?: boolean;
  /** Header only for screen readers (e.g. an actions column). */
  isHeaderHidden?: boolean;
}

/**
 * A column renders its cells either as elements (`cell`) or from plain data (`value`). When every
 * column of a table gives `value`, its rows reach the browser as compact data, a fraction of the
 * RSC payload of one element tree per cell.
 */
export type DataTableColumn<T> = DataTableColumnBase &
  (
    | { cell: (row: T) => ReactNode; value?: undefined; Cell?: undefined }
    | {
        value: (row: T) => CellValue;
        cell?: undefined;
        /** The client component a `{ client: props }` value renders (a client reference). */
        Cell?: CellComponent;
      }
  );

/**
 * Selection and bulk actions (issue 26): a box per row and for the page, and the bulk bar above
 * the table. Only for users who may act; the list's descriptor names the actions.
 */
export interface DataTableSelection<T> {
  bulk: ListBulk;
  /** Its client parts (`selectionUi`), handed in so that tables without a selection do not ship them. */
  ui: SelectionUi;
  /** The record's id the action names; default `rowKey` (a list that repeats a record under two groups differs). */
  rowId?: (row: T) => string;
  /** Names the row for its box ("Angebot prüfen auswählen"). */
  rowLabel: (row: T) => string;
  /** The version the row is shown with: a row changed since answers `conflict` rather than being overwritten. */
  rowVersion?: (row: T) => number;
}

export interface DataTableGroupBy<T> {
  /** Rows with the same key in a row share one group header; a new header starts where the key changes. */
  key: (row: T) => string;
  label: (row: T) => ReactNode;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Total matching rows (all pages). */
  total: number;
  /** `total` is a bounded count's "more than" (see Pagination). */
  totalIsLowerBound?: boolean;
  /** The current list state from `parseListParams`; sort and page links are built from it. */
  params: ListParams;
  /** The list's path, e.g. `/accounts/`. */
  pathname: string;
  /** Visually hidden table caption (already translated). */
  caption: string;
  /** Chooses "Keine Einträge entsprechen Ihrer Suche" over "Keine Einträge vorhanden"; default: a search or filter is set. */
  isFiltered?: boolean;
  groupBy?: DataTableGroupBy<T>;
  /** Overrides for what `params` says, e.g. the page and perPage the API answered with. */
  page?: number;
  perPage?: number;
  sort?: string;
  order?: SortOrder;
  /** Default true: the pagination below the table. */
  showPagination?: boolean;
  rowClassName?: (row: T) => string | undefined;
  className?: string;
  selection?: DataTableSelection<T>;
  /**
   * Below 576 px each row is a card (issue 49): the row-header column as its title and these columns
   * (keys, from the list's descriptor) with their headers as labels; the other columns hide and the
   * sortable headers become a row of sort links. Unset: the table stays a table on a phone.
   */
  cardColumns?: readonly string[];
}

/** A column's class with its part in the phone's card (`card-title`, `card-on` or `card-off`). */
function cardClassName(column: DataTableColumnBase, cardColumns: readonly string[] | undefined): string | undefined {
  if (!cardColumns) return column.className;
  const part = column.isRowHeader ? 'card-title' : cardColumns.includes(column.key) ? 'card-on' : 'card-off';
  return column.className ? `${column.className} ${part}` : part;
}

interface RowGroup<T> {
  key: string;
  first: T;
  rows: T[];
}

function groupRows<T>(rows: readonly T[], key: (row: T) => string): RowGroup<T>[] {
  const groups: RowGroup<T>[] = [];
  for (const row of rows) {
    const rowGroupKey = key(row);
    const last = groups.at(-1);
    if (last && last.key === rowGroupKey) last.rows.push(row);
    else groups.push({ key: rowGroupKey, first: row, rows: [row] });
  }
  return groups;
}

/**
 * The list table of every resource (a server component): sortable headers, the empty texts,
 * optional group header rows and the pagination, all driven by the URL. Rows of `value` columns
 * render in the browser from compact props (DataTableRows).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, rowKey, total, pathname, caption, groupBy, rowClassName, selection, cardColumns } = props;
  // The phone's card parts ride on each column's class: once per column in the compact rows.
  const columns = cardColumns
    ? props.columns.map((column) => ({ ...column, className: cardClassName(column, cardColumns) }))
    : props.columns;
  /** The label a card shows before a cell's value (`data-label`, drawn by CSS below 576 px). */
  const cardLabel = (column: DataTableColumn<T>) =>
    cardColumns?.includes(column.key) && !column.isRowHeader && !column.isHeaderHidden ? column.header : undefined;
  const cardLabelProps = (column: DataTableColumn<T>) => {
    const label = cardLabel(column);
    return label ? { 'data-label': label } : {};
  };
  const t = useTranslations('table');
  const params: ListParams = {
    ...props.params,
    page: props.page ?? props.params.page,
    perPage: props.perPage ?? props.params.perPage,
    sort: props.sort ?? props.params.sort,
    order: props.order ?? props.params.order,
  };
  const isFiltered = props.isFiltered ?? hasListFilter(params);

  const cellOf = (column: DataTableColumn<T>, row: T) =>
    column.value ? <TableCellValue value={column.value(row)} Client={column.Cell} /> : column.cell(row);
  const columnCount = columns.length + (selection ? 1 : 0);
  const selectedId = (row: T) => selection?.rowId?.(row) ?? rowKey(row);
  const selectCell = (row: T) =>
    selection ? (
      <td className="bulk-select-cell">
        <selection.ui.RowCheckbox
          id={selectedId(row)}
          version={selection.rowVersion?.(row)}
          label={selection.rowLabel(row)}
        />
      </td>
    ) : null;
  const renderRow = (row: T) => (
    <tr key={rowKey(row)} className={rowClassName?.(row)}>
      {selectCell(row)}
      {columns.map((column) =>
        column.isRowHeader ? (
          <th key={column.key} scope="row" className={rowHeaderClassName(column.className)}>
            {cellOf(column, row)}
          </th>
        ) : (
          // No `data-label` at all where there is none: an undefined prop still costs "$undefined" per cell.
          <td key={column.key} className={column.className} {...cardLabelProps(column)}>
            {cellOf(column, row)}
          </td>
        ),
      )}
    </tr>
  );
  // Only the fields that are set: every byte here is repeated in the RSC payload of the page.
  const compactColumns: CompactColumn[] | null = columns.every((column) => column.value)
    ? columns.map((column) => {
        const { key, className, isRowHeader, Cell } = column;
        const label = cardLabel(column);
        return {
          key,
          ...(className ? { className } : {}),
          ...(isRowHeader ? { isRowHeader } : {}),
          ...(label ? { label } : {}),
          ...(Cell ? { Cell } : {}),
        };
      })
    : null;
  const renderRows = (rowsOfBody: readonly T[]) => {
    if (!compactColumns) return rowsOfBody.map(renderRow);
    const compact = compactRows(
      rowsOfBody.map((row) => [rowKey(row), columns.map((column) => column.value?.(row) ?? null), rowClassName?.(row)]),
    );
    return (
      <DataTableRows
        columns={compactColumns.map((column, index) =>
          compact.linkBases[index] === undefined ? column : { ...column, linkBase: compact.linkBases[index] },
        )}
        rows={compact.rows}
        shared={compact.shared}
        {...(selection
          ? {
              select: {
                RowBox: selection.ui.RowCheckbox,
                // Only what differs from the row's key and only when there are versions: each id
                // here is repeated in the RSC payload of the page (issue 50).
                ...(rowsOfBody.some((row) => selectedId(row) !== rowKey(row))
                  ? { ids: rowsOfBody.map(selectedId) }
                  : {}),
                labels: rowsOfBody.map(selection.rowLabel),
                ...(selection.rowVersion
                  ? { versions: rowsOfBody.map((row) => selection.rowVersion?.(row) ?? null) }
                  : {}),
              },
            }
          : {})}
      />
    );
  };

  let body: ReactNode;
  if (rows.length === 0) {
    body = (
      <tbody>
        <tr>
          <td colSpan={columnCount} className="text-center text-body-secondary py-4" data-testid="table-empty">
            {isFiltered ? t('emptyFiltered') : t('empty')}
          </td>
        </tr>
      </tbody>
    );
  } else if (groupBy) {
    // One <tbody> per group with a `rowgroup` header: the header names the rows below it.
    body = groupRows(rows, groupBy.key).map((group, index) => (
      <tbody key={`${group.key}-${index}`} className="table-group-divider">
        <tr className="table-light">
          <th colSpan={columnCount} scope="rowgroup" data-testid="table-group">
            {groupBy.label(group.first)}
          </th>
        </tr>
        {renderRows(group.rows)}
      </tbody>
    ));
  } else {
    body = <tbody>{renderRows(rows)}</tbody>;
  }

  const pageRows = selection
    ? rows.map((row) => {
        const version = selection.rowVersion?.(row);
        return version === undefined ? { id: selectedId(row) } : { id: selectedId(row), version };
      })
    : [];
  const table = (
    <div className={props.className}>
      {selection ? (
        <selection.ui.BulkBar bulk={selection.bulk} total={total} sendsVersions={Boolean(selection.rowVersion)} />
      ) : null}
      <div className={cardColumns ? 'table-responsive table-cards' : 'table-responsive'}>
        <table className="table table-hover align-middle mb-3">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {selection ? (
                <th scope="col" className="bulk-select-cell">
                  <selection.ui.PageCheckbox rows={pageRows} />
                </th>
              ) : null}
              {columns.map((column) =>
                column.sortField ? (
                  <SortHeader
                    key={column.key}
                    field={column.sortField}
                    label={column.header}
                    params={params}
                    pathname={pathname}
                    className={column.className}
                  />
                ) : (
                  <th key={column.key} scope="col" className={column.className}>
                    {column.isHeaderHidden ? <span className="visually-hidden">{column.header}</span> : column.header}
                  </th>
                ),
              )}
            </tr>
          </thead>
          {body}
        </table>
      </div>
      {props.showPagination === false ? null : (
        <Pagination total={total} totalIsLowerBound={props.totalIsLowerBound} pathname={pathname} params={params} />
      )}
    </div>
  );
  return selection ? (
    <selection.ui.SelectionProvider listKey={selection.bulk.listKey} filterKey={selection.bulk.filterKey}>
      {table}
    </selection.ui.SelectionProvider>
  ) : (
    table
  );
}
