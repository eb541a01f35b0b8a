import { listHref, NO_VIEW_PARAM, NO_VIEW_VALUE, viewQueryOf } from '@/lib/list-params';
import { ListScopeNotice } from '../list-page';
import type { ListKey } from '@/lib/schemas/saved-view-constants';
import type { DataTableColumn } from '../data-table';
import { ListToolbar } from '../list-toolbar';
import type { ListContext, ListDescriptor } from './list-descriptor';
import { ColumnsMenu, SavedViewsMenu, type MenuColumn } from './list-views-menu';

// Not in list-view.tsx: a page that shows the toolbar over a table of its own (the history) would
// otherwise import DataTable and ship its client rows, which it never renders (issue 30).

/** The search label and the table caption of a list: `<namespace>.filters.search`, `<namespace>.caption`. */
export function listText(
  context: ListContext<unknown, unknown, unknown, unknown>,
  namespace: string,
  key: string,
): string {
  return context.tRoot(`${namespace}.${key}` as Parameters<typeof context.tRoot>[0]);
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
      {context.refused ? (
        <ListScopeNotice
          clearHref={`${descriptor.path}?${NO_VIEW_PARAM}=${NO_VIEW_VALUE}`}
          clearLabel={context.tRoot('listToolbar.refusedLink')}
          testId="list-query-refused"
          tone="warning"
        >
          {context.tRoot('listToolbar.refused')}
        </ListScopeNotice>
      ) : null}
    </>
  );
}
