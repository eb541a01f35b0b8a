import { BulkBar } from './bulk-bar';
import { PageCheckbox, RowCheckbox } from './row-checkbox';
import { SelectionProvider } from './selection-context';

/**
 * The client parts of a table's selection (issue 26): the bulk bar, the header's and the rows' boxes,
 * and the provider that gives them one selection. DataTable renders what its `selection` hands it
 * rather than importing them itself, because a page ships every client component its server modules
 * import, rendered or not: only the descriptors of lists with bulk actions import this module, so
 * the history, an account's tasks tab and the other tables without a selection ship none of this
 * code (issue 30).
 */
export const selectionUi = { BulkBar, PageCheckbox, RowCheckbox, SelectionProvider };

export type SelectionUi = typeof selectionUi;
