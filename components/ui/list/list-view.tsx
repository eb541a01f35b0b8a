import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/layout/client-messages';
import { hasListFilter, listHref, normaliseHidden, viewQueryOf, visibleColumns } from '@/lib/list-params';
import type { ListKey } from '@/lib/schemas/saved-view-constants';
import { DataTable, type DataTableColumn } from '../data-table';
import { ListToolbar } from '../list-toolbar';
import type { ListBulk } from '../selection/bulk-action';
import type { ListContext, ListDescriptor, TableListDescriptor } from './list-descriptor';
import { ColumnsMenu, SavedViewsMenu, type MenuColumn } from './list-views-menu';

interface ListViewProps<Row, Query, Translate, Options> {
  descriptor: TableListDescriptor<Row, Query, Translate, Options>;
  context: ListContext<Row, Query, Translate, Options>;
  /** Above the toolbar, inside the client messages (e.g. the whitelist's address check). */
  children?: ReactNode;
}

/** The search label and the table caption of a list: `<namespace>.filters.search`, `<namespace>.caption`. */
function listText(context: ListContext<unknown, unknown, unknown, unknown>, namespace: string, key: string): string {
  return context.tRoot(`${namespace}.${key}` as Parameters<typeof context.tRoot>[0]);
}

/** The bulk part of a list, or none when the user may take no action on it. */
export function listBulk<Row, Query, Translate, Options>(
  descriptor: ListDescriptor<Row, Query, Translate, Options>,
  context: ListContext<Row, Query, Translate, Options>,
): ListBulk | undefined {
  const actions = descriptor.bulkActions?.(context) ?? [];
  const { bulkPath } = descriptor.api;
  if (actions.length === 0 || !bulkPath) return undefined;
  const { params, query } = context;
  return {
    listKey: descriptor.listKey?.(query) ?? descriptor.id,
    // A new search or filter empties the selection; page and sort do not.
    filterKey: JSON.stringify({ q: params.q, filters: params.filters }),
    bulkPath,
    // "Select all N matching" reads the same filters, page by page.
    matchingPath: descriptor.api.listPath({ ...query, page: undefined, perPage: undefined }),
    actions,
  };
}

/** The columns a list shows and hides now (issue 27): the name column always shows. */
export function listColumns<Row, Query, Translate, Options>(
  descriptor: TableListDescriptor<Row, Query, Translate, Options>,
  context: ListContext<Row, Query, Translate, Options>,
) {
  const all = descriptor.columns(context);
  const hidden = normaliseHidden(
    context.hidden,
    all.map((column) => column.key),
    descriptor.nameColumn,
  );
  return { all, hidden, visible: visibleColumns(all, hidden, descriptor.nameColumn) };
}

/**
 * A list's saved views and column chooser (issue 27), then its search, filters and export, from its
 * descriptor (client components: inside `ClientMessages` with `listToolbar` and `listViews`).
 */
export function ListViewToolbar<Row, Query, Translate, Options>({
  descriptor,
  context,
  columns,
}: {
  descriptor: ListDescriptor<Row, Query, Translate, Options>;
  context: ListContext<Row, Query, Translate, Options>;
  /** The list's columns and those hidden now; without them no column chooser. */
  columns?: { all: readonly DataTableColumn<Row>[]; hidden: string[] };
}) {
  const list = descriptor.id as ListKey;
  const menuColumns = columns?.all.map((column): MenuColumn =>
    column.key === descriptor.nameColumn ? [column.key, column.header, true] : [column.key, column.header],
  );
  return (
    <>
      <div className="d-flex flex-wrap justify-content-end gap-2 mb-2" data-testid="list-views-bar">
        <SavedViewsMenu
          list={list}
          path={descriptor.path}
          views={context.views.map(({ id, name, query, isDefault, version }) => ({
            id,
            name,
            query,
            isDefault,
            version,
          }))}
          currentQuery={viewQueryOf(listHref(descriptor.path, context.params, { page: 1 }), columns?.hidden)}
        />
        {menuColumns && columns ? <ColumnsMenu list={list} columns={menuColumns} hidden={columns.hidden} /> : null}
      </div>
      <ListToolbar
        searchLabel={listText(context, descriptor.namespace, 'filters.search')}
        exportHref={descriptor.api.exportHref?.(context.query)}
        filters={descriptor.toolbarFilters(context)}
      />
    </>
  );
}

/**
 * The toolbar, the table and the bulk bar of any list, drawn from its descriptor. Server-rendered;
 * the toolbar, the saved views and the selection are the client parts (with only their messages).
 */
export function ListView<Row, Query, Translate, Options>({
  descriptor,
  context,
  children,
}: ListViewProps<Row, Query, Translate, Options>) {
  const bulk = listBulk(descriptor, context);
  const { list, params } = context;
  const selection = descriptor.selection;
  const rowKey = descriptor.rowKey ?? ((row: Row) => (row as { id: string }).id);
  const columns = listColumns(descriptor, context);
  return (
    <ClientMessages
      namespaces={[
        'listToolbar',
        'listViews',
        ...(bulk ? (['bulk', 'confirmDialog'] as const) : []),
        ...(descriptor.clientMessages ?? []),
      ]}
    >
      {children}
      <ListViewToolbar descriptor={descriptor} context={context} columns={columns} />
      <DataTable
        columns={columns.visible}
        rows={list.items}
        rowKey={rowKey}
        rowClassName={descriptor.rowClassName}
        total={list.total}
        totalIsLowerBound={list.totalIsLowerBound}
        params={params}
        page={list.page}
        perPage={list.perPage}
        pathname={descriptor.path}
        caption={listText(context, descriptor.namespace, 'caption')}
        isFiltered={hasListFilter(params, descriptor.viewFilters ? [...descriptor.viewFilters] : undefined)}
        groupBy={descriptor.groupBy?.(context)}
        selection={
          bulk && selection
            ? {
                bulk,
                ui: selection.ui,
                rowLabel: (row) => selection.rowLabel(row, context),
                rowId: selection.rowId,
                rowVersion: selection.rowVersion,
              }
            : undefined
        }
      />
    </ClientMessages>
  );
}
