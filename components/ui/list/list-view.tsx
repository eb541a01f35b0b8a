import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/layout/client-messages';
import { hasListFilter, normaliseHidden, visibleColumns } from '@/lib/list-params';
import { DataTable } from '../data-table';
import type { ListBulk } from '../selection/bulk-action';
import type { ListContext, ListDescriptor, TableListDescriptor } from './list-descriptor';
import { listText, ListViewToolbar } from './list-view-toolbar';

interface ListViewProps<Row, Query, Translate, Options> {
  descriptor: TableListDescriptor<Row, Query, Translate, Options>;
  context: ListContext<Row, Query, Translate, Options>;
  /** Above the toolbar, inside the client messages (e.g. the whitelist's address check). */
  children?: ReactNode;
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
        // The bulk dialog and the saved views' panels bring their own texts (SELF_LOADED_MESSAGES).
        ...(bulk ? (['bulk'] as const) : []),
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
        cardColumns={descriptor.cardColumns}
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
